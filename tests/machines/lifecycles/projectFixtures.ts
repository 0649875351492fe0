import type { ProjectDetails, ProjectForm } from '../../../src/machines/lifecycles/projectDetails';
import type { ProjectCommand } from '../../../src/machines/lifecycles/projectLifecycle';
import type { ProjectInput } from '../../../src/machines/lifecycles/projectMachine';

export function validDetails(overrides: Partial<ProjectDetails> = {}): ProjectDetails {
  return {
    project_name: 'Deep home cleaning',
    cover: '/uploads/cover.png',
    carouse_covers: ['/uploads/c1.png', 'https://cdn.example.com/c2.jpg'],
    summary: 'Three hours, two cleaners.',
    min_price: 19900,
    max_price: 29900,
    duration: 180,
    intro: '<p><strong>Everything</strong> cleaned.</p>',
    avoid: '<p>No pets on the sofa.</p>',
    order_instruction: '<p>Book a day ahead.</p>',
    kind: 'normal',
    renewal_unit: null,
    renewal_unit_price: null,
    ...overrides,
  };
}

/** The same project as the API/console form (prices in yuan text). */
export function validForm(overrides: Partial<ProjectForm> = {}): ProjectForm {
  return {
    project_name: 'Deep home cleaning',
    cover: '/uploads/cover.png',
    carouse_covers: ['/uploads/c1.png', 'https://cdn.example.com/c2.jpg'],
    summary: 'Three hours, two cleaners.',
    min_price: '199',
    max_price: '299.00',
    duration: '180',
    intro: '<p><strong>Everything</strong> cleaned.</p>',
    avoid: '<p>No pets on the sofa.</p>',
    order_instruction: '<p>Book a day ahead.</p>',
    kind: 'normal',
    renewal_unit: '',
    renewal_unit_price: '',
    ...overrides,
  };
}

export const projectInput: ProjectInput = { details: validDetails() };

/** Concrete commands for a walk; payloads toggle between two values so the walked context stays finite. */
export function projectCommands(snapshot: {
  context: { details: ProjectDetails; ranking: number };
}): ProjectCommand[] {
  const { details, ranking } = snapshot.context;
  return [
    { type: 'project.show' },
    { type: 'project.hide' },
    { type: 'project.enable' },
    { type: 'project.close' },
    { type: 'project.rank', ranking: ranking === 1 ? 2 : 1 },
    { type: 'project.edit', changes: { summary: details.summary === 'A' ? 'B' : 'A' } },
  ];
}

export function serializeProject(snapshot: { value: unknown; context: object }): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}
