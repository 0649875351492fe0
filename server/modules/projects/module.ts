import { Type } from 'typebox';
import { PROJECT_LIST } from '../../../src/contract/projects';
import { ProjectApi, ProjectFormFields } from '../../../src/contract/projects.schema';
import {
  DETAIL_FIELDS,
  RICH_TEXT_FIELDS,
  changedDetailFields,
  detailsFromForm,
  emptyProjectForm,
  formFromDetails,
  validateProjectForm,
  type ProjectDetails,
  type ProjectForm,
} from '../../../src/machines/lifecycles/projectDetails';
import { projectLifecycle, type ProjectCommand } from '../../../src/machines/lifecycles/projectLifecycle';
import { MAX_RANKING } from '../../../src/machines/lifecycles/projectMachine';
import * as projectsMigration from '../../db/migrations/2026_11_21_1100_projects';
import { sanitizeHtml } from '../../../src/contract/sanitizeHtml';
import { defineEntity } from '../../kit/entity';
import { yuanText } from '../../kit/listItems';
import { problemsError } from '../../kit/pipeline';
import { entityRoutes } from '../../kit/routes';
import { ExpectedVersion, withinBounds } from '../../kit/schemas';
import type { ServerModule } from '../types';
import { projectProjection, toApi } from './projection';
import { seedProjects } from './seed';

/**
 * Projects, declared for the entity kit: the lifecycle (projectLifecycle.ts) decides; the form rules
 * (projectDetails.ts) judge a create and an edit as typed (prices in yuan → fen); rich text is sanitised before
 * anything is judged or stored.
 */

const Ranking = Type.Integer({
  minimum: 0,
  maximum: MAX_RANKING,
  ...withinBounds(0, MAX_RANKING),
});

/** The form fields of a body as the form holds them (text), rich text sanitised. */
export function readForm(body: Record<string, unknown>): Partial<ProjectForm> {
  const out: Record<string, unknown> = {};
  for (const field of DETAIL_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (field === 'carouse_covers') out[field] = (value as string[]).map((v) => v.trim());
    else if (['min_price', 'max_price', 'duration', 'renewal_unit', 'renewal_unit_price'].includes(field))
      out[field] = value === null ? '' : String(value).trim();
    else if ((RICH_TEXT_FIELDS as readonly string[]).includes(field))
      out[field] = sanitizeHtml(String(value));
    else out[field] = value;
  }
  return out as Partial<ProjectForm>;
}

/** A whole form → details, or a 400 listing every problem (the same messages the form shows). */
function detailsOf(form: ProjectForm): ProjectDetails {
  const problems = validateProjectForm(form);
  if (problems.length) throw problemsError(problems);
  return detailsFromForm(form);
}

export const projectEntity = defineEntity({
  lifecycle: projectLifecycle,
  title: 'project_name',
  label: 'Project',
  path: '/api/projects',
  responseKey: 'project',
  idSequence: 'project_id_seq',
  projection: projectProjection,
  toApi,
  apiSchema: ProjectApi,
  create: {
    body: Type.Partial(Type.Object({ ...ProjectFormFields, ranking: Ranking }), {
      additionalProperties: false,
    }),
    data: (body) => ({
      details: detailsOf({ ...emptyProjectForm(), ...readForm(body) }),
      ranking: (body.ranking as number | undefined) ?? 0,
    }),
  },
  commands: {
    fields: {
      'project.show': {},
      'project.hide': {},
      'project.enable': {},
      'project.close': {},
      'project.rank': { ranking: Ranking },
    },
  },
  // The form's save: the fields sent over the current form; the whole result must be valid; stored as one
  // ProjectEdited with only what changed.
  edit: {
    body: Type.Object(
      { ...Type.Partial(Type.Object(ProjectFormFields)).properties, expectedVersion: ExpectedVersion() },
      { additionalProperties: false },
    ),
    toCommand: (body, snapshot): ProjectCommand => {
      const current = snapshot.context.details;
      const next = detailsOf({ ...formFromDetails(current), ...readForm(body) });
      const changes: Partial<ProjectDetails> = {};
      for (const f of changedDetailFields(current, next)) (changes as Record<string, unknown>)[f] = next[f];
      return { type: 'project.edit', changes };
    },
  },
  list: PROJECT_LIST,
  // Prices are kept in fen; the list answers them as the record does.
  listItemColumns: {
    min_price: yuanText('min_price_fen'),
    max_price: yuanText('max_price_fen'),
    renewal_unit_price: yuanText('renewal_unit_price_fen'),
  },
});

const routes = entityRoutes(projectEntity, {
  csv: [
    { header: 'id', value: (p) => p.id },
    { header: 'ranking', value: (p) => p.ranking },
    { header: 'project_name', value: (p) => p.project_name },
    { header: 'summary', value: (p) => p.summary },
    { header: 'min_price', value: (p) => p.min_price },
    { header: 'max_price', value: (p) => p.max_price },
    { header: 'duration', value: (p) => p.duration },
    { header: 'is_display', value: (p) => p.is_display },
    { header: 'is_enabled', value: (p) => p.is_enabled },
    { header: 'created_at', value: (p) => p.created_at },
  ],
});

export const projectsModule: ServerModule = {
  name: 'projects',
  routes,
  entities: [projectEntity],
  migrations: { '2026_11_21_1100_projects': projectsMigration },
  seed: seedProjects,
};
