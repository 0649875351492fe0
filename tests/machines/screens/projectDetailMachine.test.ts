import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { projectDetailMachine } from '@/machines/screens/projectDetailMachine';
import type { ProjectForm } from '@/machines/lifecycles/projectDetails';
import type { ProjectEventType } from '@/machines/lifecycles/projectMachine';
import type { ProjectDto } from '@/services/projects';
import { validForm } from '../lifecycles/projectFixtures';
import { describeMachinePaths } from '../../support/machinePaths';
import { conflictError, history, networkError, projectRow, refusedError } from './projectScreenFixtures';

const loaded = { project: projectRow(), history };

const pickedFile = new File(['x'], 'a.png', { type: 'image/png', lastModified: 1 });

describeMachinePaths(projectDetailMachine, {
  input: { id: 1, role: 'user' },
  events: (s) => [
    { type: 'xstate.done.actor.loadProject', output: loaded },
    { type: 'xstate.error.actor.loadProject', error: networkError },
    { type: 'xstate.done.actor.saveProject', output: loaded },
    { type: 'xstate.error.actor.saveProject', error: conflictError },
    { type: 'xstate.error.actor.saveProject', error: refusedError },
    { type: 'xstate.done.actor.sendCommand', output: loaded },
    { type: 'xstate.error.actor.sendCommand', error: conflictError },
    { type: 'xstate.error.actor.sendCommand', error: refusedError },
    { type: 'xstate.done.actor.uploadImage', output: '/uploads/x.png' },
    { type: 'xstate.error.actor.uploadImage', error: networkError },
    { type: 'detail.retry' },
    // toggles between a valid change, an invalid one and the original value
    {
      type: 'field.change',
      field: 'min_price',
      value:
        s.context.form.min_price === '100' ? 'abc' : s.context.form.min_price === 'abc' ? '199.00' : '100',
    },
    { type: 'carousel.move', index: 0, delta: 1 },
    { type: 'carousel.remove', index: 0 },
    { type: 'upload.start', target: 'cover', file: new Blob(['x']) },
    { type: 'upload.start', target: 'carouse_covers', file: pickedFile },
    { type: 'form.save' },
    { type: 'lifecycle.command', commandType: 'project.show' },
    { type: 'ranking.change', value: s.context.rankingText === '5' ? 'x' : '5' },
    { type: 'ranking.save' },
    { type: 'conflict.reload' },
    { type: 'conflict.keepEditing' },
  ],
  skip: {
    'projectDetail.starting':
      'transient: an eventless choice between create (editing) and edit (loading), both walked',
    'projectDetail.saving|xstate.done.actor.saveProject|0':
      'create mode (input id null): covered by "creates a project and announces its id" below',
    'projectDetail.editing|upload.start|0':
      'needs the picked File itself (the walker copies events as plain data): covered by "refuses the same image twice" below',
  },
  // carousel order is not part of the vertex (only its length): moves would multiply the graph for nothing
  limit: 20_000,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.form.min_price,
      s.context.form.carouse_covers.length,
      Object.keys(s.context.carouselFiles).length,
      s.context.project !== null,
      s.context.rankingText,
    ]),
});

interface Impl {
  save?: (input: {
    id: number | null;
    form: ProjectForm;
    changes: Partial<ProjectForm>;
    version: number;
  }) => Promise<{ project: ProjectDto; history: typeof history }>;
  upload?: () => Promise<string>;
}

function start(id: number | null, impl: Impl = {}) {
  const saves: unknown[] = [];
  const machine = projectDetailMachine.provide({
    actors: {
      loadProject: fromPromise(async () => loaded),
      saveProject: fromPromise(async ({ input }: { input: Parameters<NonNullable<Impl['save']>>[0] }) => {
        saves.push(input);
        return (impl.save ?? (async () => loaded))(input);
      }),
      sendCommand: fromPromise(async () => ({
        project: projectRow({ is_display: true, version: 2 }),
        history,
      })),
      uploadImage: fromPromise(async () => (impl.upload ?? (async () => '/uploads/new.png'))()),
    },
  });
  const actor = createActor(machine, { input: { id, role: 'user' } }).start();
  return { actor, saves };
}

describe('project detail screen', () => {
  it('does not save an invalid form and shows the SPEC messages keys per field', async () => {
    const { actor, saves } = start(null);
    actor.send({ type: 'field.change', field: 'min_price', value: 'abc' });
    actor.send({ type: 'form.save' });
    expect(saves).toHaveLength(0);
    expect(actor.getSnapshot().context.errors).toMatchObject({
      project_name: 'project.validation.nameRequired',
      min_price: 'project.validation.minNumeric',
    });
    actor.send({ type: 'field.change', field: 'project_name', value: 'x' });
    expect(actor.getSnapshot().context.errors.project_name).toBeUndefined();
  });

  it('creates a project and announces its id', async () => {
    const { actor, saves } = start(null);
    const created: number[] = [];
    actor.on('project.created', (e) => created.push(e.id));
    const form = validForm();
    for (const field of ['project_name', 'min_price', 'max_price', 'duration', 'intro'] as const)
      actor.send({ type: 'field.change', field, value: form[field] });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.project !== null);
    expect(saves[0]).toMatchObject({
      id: null,
      form: { project_name: form.project_name, intro: form.intro },
    });
    expect(created).toEqual([1]);
  });

  it('refuses the same image twice in the carousel (same file again, or an address already there)', async () => {
    let n = 0;
    const { actor } = start(1, { upload: async () => (n++ === 0 ? '/uploads/a.png' : '/uploads/c2.png') });
    await waitFor(actor, (s) => s.matches('editing'));
    const before = actor.getSnapshot().context.form.carouse_covers.length;
    actor.send({ type: 'upload.start', target: 'carouse_covers', file: pickedFile });
    await waitFor(actor, (s) => s.matches('editing') && s.context.form.carouse_covers.length === before + 1);
    actor.send({ type: 'upload.start', target: 'carouse_covers', file: pickedFile });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.uploadError?.keys).toEqual(['project.validation.duplicateImage']);
    // Another file whose stored address is already in the carousel.
    const other = new File(['y'], 'b.png', { type: 'image/png', lastModified: 2 });
    actor.send({ type: 'upload.start', target: 'carouse_covers', file: other });
    await waitFor(actor, (s) => s.matches('editing') && s.context.uploadError !== null);
    expect(actor.getSnapshot().context.form.carouse_covers).toHaveLength(before + 1);
    expect(actor.getSnapshot().context.uploadError?.keys).toEqual(['project.validation.duplicateImage']);
  });

  it('uploads cover and carousel images, reorders and removes carousel images, and saves only changes', async () => {
    const { actor, saves } = start(1);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'upload.start', target: 'cover', file: new Blob(['x']) });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'upload.start', target: 'carouse_covers', file: new Blob(['x']) });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.form.cover).toBe('/uploads/new.png');
    actor.send({ type: 'carousel.move', index: 3, delta: -1 });
    actor.send({ type: 'carousel.move', index: 0, delta: -1 }); // out of range: ignored
    actor.send({ type: 'carousel.remove', index: 0 });
    expect(actor.getSnapshot().context.form.carouse_covers).toEqual([
      '/uploads/c2.png',
      '/uploads/new.png',
      '/uploads/c3.png',
    ]);
    actor.send({ type: 'form.save' });
    await waitFor(actor, () => saves.length === 1);
    expect(saves[0]).toEqual({
      id: 1,
      form: expect.anything(),
      changes: {
        cover: '/uploads/new.png',
        carouse_covers: ['/uploads/c2.png', '/uploads/new.png', '/uploads/c3.png'],
      },
      version: 1,
    });
  });

  it('keeps edits and offers a reload on a version conflict', async () => {
    const { actor } = start(1, {
      save: async () => {
        throw conflictError;
      },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'field.change', field: 'summary', value: 'mine' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    actor.send({ type: 'conflict.keepEditing' });
    expect(actor.getSnapshot().context.form.summary).toBe('mine');
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    actor.send({ type: 'conflict.reload' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.form.summary).toBe(projectRow().summary);
  });

  it('reports a failed upload and refuses more than nine carousel images', async () => {
    const { actor } = start(1, {
      upload: async () => {
        throw networkError;
      },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'upload.start', target: 'carouse_covers', file: new Blob(['x']) });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.uploadError).toEqual({
      keys: ['errors.request'],
      message: 'Request Error',
    });
    let n = 0;
    const full = start(1, { upload: async () => `/uploads/new-${n++}.png` });
    await waitFor(full.actor, (s) => s.matches('editing'));
    for (let i = 0; i < 6; i++) {
      full.actor.send({ type: 'upload.start', target: 'carouse_covers', file: new Blob(['x']) });
      await waitFor(full.actor, (s) => s.matches('editing'));
    }
    expect(full.actor.getSnapshot().context.form.carouse_covers).toHaveLength(9);
    full.actor.send({ type: 'upload.start', target: 'carouse_covers', file: new Blob(['x']) });
    expect(full.actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('sends a valid ranking as a project.rank command and refuses a malformed one locally', async () => {
    const commands: unknown[] = [];
    const machine = projectDetailMachine.provide({
      actors: {
        loadProject: fromPromise(async () => loaded),
        sendCommand: fromPromise(
          async ({
            input,
          }: {
            input: { id: number; command: { type: ProjectEventType; ranking?: number }; version: number };
          }) => {
            commands.push(input.command);
            return { project: projectRow({ ranking: 7, version: 2 }), history };
          },
        ),
      },
    });
    const actor = createActor(machine, { input: { id: 1, role: 'user' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.rankingText).toBe('0');
    actor.send({ type: 'ranking.change', value: '-3' });
    actor.send({ type: 'ranking.save' });
    expect(actor.getSnapshot().context.rankingInvalid).toBe(true);
    expect(commands).toEqual([]);
    actor.send({ type: 'ranking.change', value: ' 7 ' });
    actor.send({ type: 'ranking.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.project?.ranking === 7);
    expect(commands).toEqual([{ type: 'project.rank', ranking: 7 }]);
    expect(actor.getSnapshot().context.rankingText).toBe('7');
  });

  it('applies a lifecycle command and keeps unsaved edits', async () => {
    const { actor } = start(1);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'field.change', field: 'summary', value: 'draft' });
    actor.send({ type: 'lifecycle.command', commandType: 'project.show' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.project?.is_display === true);
    expect(actor.getSnapshot().context.form.summary).toBe('draft');
  });
});
