import type { HistoryEntry } from '@/contract/api';
import { request } from './http';
import { listAllServiceCityNames } from './serviceCities';

/**
 * The commission API (docs/api.md, "Commission"). Rates travel as percent text ("12.50") and basis points.
 *
 * Calls are quiet (`quietErrors`, no global error toast): the commission page shows every failure inline
 * (load-failed state, the action callout, the conflict dialog), once.
 */

export interface CommissionOverrideDto {
  scope: 'project' | 'city';
  target: string;
  label: string | null;
  rate_bp: number;
  rate: string;
}

export interface CommissionDto {
  version: number;
  default_rate_bp: number;
  default_rate: string;
  overrides: CommissionOverrideDto[];
  precedence: string[];
  projects_validated: boolean;
  updated_at: string | null;
}

export type CommissionHistoryEntry = HistoryEntry;

export type CommissionCommand =
  | { type: 'commission.setDefault'; rate: string }
  | { type: 'commission.setOverride'; scope: 'project' | 'city'; target: string; rate: string }
  | { type: 'commission.removeOverride'; scope: 'project' | 'city'; target: string };

export function getCommission(): Promise<CommissionDto> {
  return request({ quietErrors: true, method: 'GET', url: '/api/commission' });
}

export function getCommissionHistory(): Promise<CommissionHistoryEntry[]> {
  return request({ quietErrors: true, method: 'GET', url: '/api/commission/events' });
}

export function sendCommissionCommand(
  command: CommissionCommand,
  expectedVersion: number,
): Promise<CommissionDto> {
  return request({
    quietErrors: true,
    method: 'POST',
    url: '/api/commission/events',
    data: { ...command, expectedVersion },
  });
}

/** Every service city by name, for the city override picker (all pages). */
export const listCityNames = () => listAllServiceCityNames({ sort: 'name' });
