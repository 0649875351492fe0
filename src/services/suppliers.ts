import { request } from './http';

/**
 * The suppliers API (docs/api.md, "Suppliers"). Plain data in and out; the rules live in the lifecycle machine.
 * Types are restated here because services sit below the machines and import neither them nor views.

 * Calls are quiet (`quietErrors`, no global error toast): the screens show every failure in place.
 */

export type AuditState = 'waiting_audit' | 'pass' | 'reject';
export type ServiceState = 'taking_orders' | 'servicing' | 'resting';
export type SupplierTab = 'all' | ServiceState;
export type SupplierSort = 'ranking' | 'created_at' | 'order_num';

export interface SupplierProfileDto {
  name: string;
  mobile: string;
  covers: string[];
  bio: string;
  city: string;
  full_address: string;
  real_name: string;
  gender: 'male' | 'female';
  birthday: string;
  id_card_no: string;
  id_card_front: string;
  id_card_back: string;
  licence_issuing_authority: string;
  expire_info: string;
}

export interface SupplierDto extends SupplierProfileDto {
  id: number;
  version: number;
  order_num: number;
  state: ServiceState | null;
  is_enabled: boolean;
  is_display: boolean;
  audit_state: AuditState;
  audit_failed_reason: string | null;
  ranking: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SupplierListQuery {
  q?: string;
  audit_state?: AuditState | '';
  tab?: SupplierTab;
  city?: string;
  is_enabled?: '' | 'true' | 'false';
  sort?: SupplierSort;
  order?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

export interface SupplierListResult {
  items: SupplierDto[];
  total: number;
  page: number;
  page_size: number;
  counts: Record<SupplierTab, number>;
}

export interface SupplierHistoryEntry {
  version: number;
  type: string;
  data: Record<string, unknown>;
  reason: string | null;
  occurred_at: string;
  actor: { id: number | null; role: string | null; name: string | null; email: string | null };
}

/** A lifecycle command: `{ type: 'supplier.reject', reason }`, `{ type: 'supplier.rank', ranking }`, … */
export type SupplierCommand = { type: string } & Record<string, unknown>;

export interface BulkResult {
  id: number;
  ok: boolean;
  err_code: number;
  err_msg: string;
  /** For a refused row: the refusal's details (`reason_key`, state, action). */
  data?: unknown;
}

function compact(query: SupplierListQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') out[k] = v as string | number;
  return out;
}

export function listSuppliers(query: SupplierListQuery): Promise<SupplierListResult> {
  return request({ quietErrors: true, method: 'GET', url: '/api/suppliers', params: compact(query) });
}

export function listSupplierCities(): Promise<string[]> {
  return request({ method: 'GET', url: '/api/suppliers/cities' }); // the filter just lacks cities: say so globally
}

export function getSupplier(id: number): Promise<SupplierDto> {
  return request({ quietErrors: true, method: 'GET', url: `/api/suppliers/${id}` });
}

export function getSupplierHistory(id: number): Promise<SupplierHistoryEntry[]> {
  return request({ quietErrors: true, method: 'GET', url: `/api/suppliers/${id}/events` });
}

export function createSupplier(profile: SupplierProfileDto & { ranking?: number }): Promise<SupplierDto> {
  return request({ quietErrors: true, method: 'POST', url: '/api/suppliers', data: profile });
}

export async function updateSupplier(
  id: number,
  changes: Partial<SupplierProfileDto>,
  expectedVersion: number,
): Promise<SupplierDto> {
  const data = await request<{ supplier: SupplierDto }>({
    quietErrors: true,
    method: 'PUT',
    url: `/api/suppliers/${id}`,
    data: { ...changes, expectedVersion },
  });
  return data.supplier;
}

export async function sendSupplierCommand(
  id: number,
  command: SupplierCommand,
  expectedVersion: number,
): Promise<SupplierDto> {
  const data = await request<{ supplier: SupplierDto }>({
    quietErrors: true,
    method: 'POST',
    url: `/api/suppliers/${id}/events`,
    data: { ...command, expectedVersion },
  });
  return data.supplier;
}

export async function sendBulkSupplierCommand(
  command: SupplierCommand,
  items: Array<{ id: number; expectedVersion: number }>,
): Promise<BulkResult[]> {
  const data = await request<{ results: BulkResult[] }>({
    quietErrors: true,
    method: 'POST',
    url: '/api/suppliers/bulk-events',
    data: { ...command, items },
  });
  return data.results.map(({ id, ok, err_code, err_msg, data }) => ({ id, ok, err_code, err_msg, data }));
}

/** Uploads an image through the shared upload endpoint; resolves to the stored file's URL. */
export async function uploadSupplierImage(file: Blob, usageType: string): Promise<string> {
  const form = new FormData();
  form.append('type', 'image');
  form.append('usage_type', usageType);
  form.append('file', file);
  const data = await request<{ url: string }>({
    quietErrors: true,
    method: 'POST',
    url: '/api/file-storage/file/upload',
    data: form,
  });
  return data.url;
}

export const VERSION_CONFLICT = 40901;
export const ILLEGAL_TRANSITION = 40902;
