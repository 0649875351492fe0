import { fromPromise } from 'xstate';
import { PROJECT_LIST, type ProjectDto } from '@/contract/projects';
import {
  MAX_CAROUSE_COVERS,
  emptyProjectForm,
  validateProjectForm,
  type ProjectDetails,
  type ProjectForm,
} from '@/machines/lifecycles/projectDetails';
import { parseYuan } from '@/machines/lifecycles/money';
import { projectLifecycle, snapshotFromStatus } from '@/machines/lifecycles/projectLifecycle';
import { uploadFile } from '@/services/entityApi';
import { projectsApi } from '@/services/projects';
import type { DetailEntity } from './detailScreenMachine';
import { listScreenMachine } from './listScreenMachine';
import { formDetail } from './screenActors';

/**
 * The project screens, declared on the screen kit: how a row is a lifecycle snapshot, the form (prices as yuan
 * text) and its rules (projectDetails.ts, the server's own), and the calls.
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
    kind: row.kind,
    renewal_unit: row.renewal_unit,
    renewal_unit_price: row.renewal_unit_price === null ? null : parseYuan(row.renewal_unit_price),
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
    kind: row.kind,
    renewal_unit: row.renewal_unit ?? '',
    renewal_unit_price: row.renewal_unit_price ?? '',
  };
}

const FORM_FIELDS = Object.keys(emptyProjectForm()) as (keyof ProjectForm)[];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const projectScreen: DetailEntity<ProjectDto> = {
  lifecycle: projectLifecycle,
  snapshotOf: (row) =>
    snapshotFromStatus(
      { is_enabled: row.is_enabled, is_display: row.is_display },
      { details: detailsOfRow(row), ranking: row.ranking },
    ),
  labelOf: (row) => row.project_name,
  emptyForm: () => emptyProjectForm() as unknown as Record<string, unknown>,
  formOf: (row) => formOfRow(row) as unknown as Record<string, unknown>,
  problems: (form) =>
    Object.fromEntries(validateProjectForm(form as unknown as ProjectForm).map((e) => [e.field, e.key])),
  changes: (row, form) => {
    if (!row) return { ...form };
    const current = formOfRow(row);
    return Object.fromEntries(FORM_FIELDS.filter((f) => !same(current[f], form[f])).map((f) => [f, form[f]]));
  },
  maxItems: { carouse_covers: MAX_CAROUSE_COVERS },
};

export const PROJECT_SPEC = PROJECT_LIST;

export const projectList = listScreenMachine.provide({
  actors: {
    fetchPage: fromPromise(({ input, signal }) => projectsApi.list(input, signal)),
    sendCommand: fromPromise(({ input }) =>
      projectsApi.command(input.id, input.command, input.expectedVersion),
    ),
    sendBulk: fromPromise(({ input }) => projectsApi.bulk(input.command, input.items)),
    exportLink: fromPromise(({ input }) => projectsApi.exportLink(input)),
  },
});

export const projectDetail = formDetail(projectsApi, {
  upload: (file, field) => uploadFile(file, `project_${field}`),
});

/** The rich-text editor's image upload (the editor calls it itself; no form state involved). */
export function uploadRichTextImage(file: Blob): Promise<string> {
  return uploadFile(file, 'project_rich_text');
}
