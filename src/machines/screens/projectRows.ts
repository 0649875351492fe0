import {
  availability,
  snapshotFromStatus,
  type ActionAvailability,
  type ProjectSnapshot,
} from '@/machines/lifecycles/projectLifecycle';
import { parseYuan, type ProjectDetails, type ProjectForm } from '@/machines/lifecycles/projectDetails';
import type { ProjectEventType } from '@/machines/lifecycles/projectMachine';
import type { ProjectDto } from '@/services/projects';

/**
 * Bridges API rows and the lifecycle machine for the project screens: the machine snapshot a row stands for, and
 * whether an action is possible on it now (with the reason key when not), exactly as the server decides.
 */

export function detailsOfRow(row: ProjectDto): ProjectDetails {
  return {
    project_name: row.project_name,
    cover: row.cover,
    carouse_covers: row.carouse_covers,
    summary: row.summary,
    min_price: parseYuan(row.min_price) ?? 0,
    max_price: row.max_price === null ? null : parseYuan(row.max_price),
    duration: row.duration,
    intro: row.intro,
    avoid: row.avoid,
    order_instruction: row.order_instruction,
  };
}

export function formOfRow(row: ProjectDto): ProjectForm {
  return {
    project_name: row.project_name,
    cover: row.cover,
    carouse_covers: [...row.carouse_covers],
    summary: row.summary,
    min_price: row.min_price,
    max_price: row.max_price ?? '',
    duration: row.duration === null ? '' : String(row.duration),
    intro: row.intro,
    avoid: row.avoid,
    order_instruction: row.order_instruction,
  };
}

export function rowSnapshot(row: ProjectDto): ProjectSnapshot {
  return snapshotFromStatus(
    { is_enabled: row.is_enabled, is_display: row.is_display },
    { details: detailsOfRow(row), ranking: row.ranking },
  );
}

export function rowAvailability(
  row: ProjectDto,
  type: ProjectEventType,
  role: string | null,
): ActionAvailability {
  return availability(rowSnapshot(row), type, role);
}
