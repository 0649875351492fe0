import { request } from './http';

/**
 * The projects API (docs/api.md, "Projects"). Plain data in and out; the rules live in the lifecycle machine.
 * Prices travel as yuan strings with two decimals (`"199.00"`); the server stores integer fen.

 * Calls are quiet (`quietErrors`, no global error toast): the screens show every failure in place.
 */

export type ProjectSort = 'ranking' | 'created_at' | 'min_price';

export interface ProjectFieldsDto {
  project_name: string;
  cover: string;
  carouse_covers: string[];
  summary: string;
  min_price: string;
  max_price: string;
  duration: string;
  intro: string;
  avoid: string;
  order_instruction: string;
}

export interface ProjectDto {
  id: number;
  version: number;
  project_name: string;
  cover: string;
  carouse_covers: string[];
  summary: string;
  min_price: string;
  max_price: string | null;
  duration: number | null;
  intro: string;
  avoid: string;
  order_instruction: string;
  ranking: number;
  is_display: boolean;
  is_enabled: boolean;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectListQuery {
  q?: string;
  is_display?: '' | 'true' | 'false';
  is_enabled?: '' | 'true' | 'false';
  sort?: ProjectSort;
  order?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

export interface ProjectListResult {
  items: ProjectDto[];
  total: number;
  page: number;
  page_size: number;
}

export interface ProjectHistoryEntry {
  version: number;
  type: string;
  data: Record<string, unknown>;
  reason: string | null;
  occurred_at: string;
  actor: { id: number | null; role: string | null; name: string | null; email: string | null };
}

export type ProjectCommand = { type: string } & Record<string, unknown>;

function compact(query: ProjectListQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') out[k] = v as string | number;
  return out;
}

export function listProjects(query: ProjectListQuery): Promise<ProjectListResult> {
  return request({ quietErrors: true, method: 'GET', url: '/api/projects', params: compact(query) });
}

export function getProject(id: number): Promise<ProjectDto> {
  return request({ quietErrors: true, method: 'GET', url: `/api/projects/${id}` });
}

export function getProjectHistory(id: number): Promise<ProjectHistoryEntry[]> {
  return request({ quietErrors: true, method: 'GET', url: `/api/projects/${id}/events` });
}

export function createProject(fields: ProjectFieldsDto): Promise<ProjectDto> {
  return request({ quietErrors: true, method: 'POST', url: '/api/projects', data: fields });
}

export async function updateProject(
  id: number,
  changes: Partial<ProjectFieldsDto>,
  expectedVersion: number,
): Promise<ProjectDto> {
  const data = await request<{ project: ProjectDto }>({
    quietErrors: true,
    method: 'PUT',
    url: `/api/projects/${id}`,
    data: { ...changes, expectedVersion },
  });
  return data.project;
}

export async function sendProjectCommand(
  id: number,
  command: ProjectCommand,
  expectedVersion: number,
): Promise<ProjectDto> {
  const data = await request<{ project: ProjectDto }>({
    quietErrors: true,
    method: 'POST',
    url: `/api/projects/${id}/events`,
    data: { ...command, expectedVersion },
  });
  return data.project;
}

/** Uploads an image through the shared upload endpoint; resolves to the stored file's URL. */
export async function uploadProjectImage(file: Blob, usageType: string): Promise<string> {
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
