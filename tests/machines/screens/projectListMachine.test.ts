import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { projectListMachine } from '@/machines/screens/projectListMachine';
import { rowAvailability } from '@/machines/screens/projectRows';
import type { ProjectCommand, ProjectDto, ProjectListQuery, ProjectListResult } from '@/services/projects';
import { describeMachinePaths } from '../../support/machinePaths';
import { listResult, networkError, projectRow, refusedError } from './projectScreenFixtures';

describeMachinePaths(projectListMachine, {
  input: { role: 'admin' },
  events: () => [
    { type: 'xstate.done.actor.fetchList', output: listResult },
    { type: 'xstate.error.actor.fetchList', error: networkError },
    { type: 'xstate.done.actor.sendCommand', output: projectRow() },
    { type: 'xstate.error.actor.sendCommand', error: refusedError },
    { type: 'list.retry' },
    { type: 'list.reload' },
    { type: 'query.type', text: 'wash' },
    { type: 'query.submit' },
    { type: 'filter.change', field: 'is_display', value: 'true' },
    { type: 'sort.change', sort: 'min_price' },
    { type: 'page.change', page: 2 },
    { type: 'row.command', id: 1, command: { type: 'project.show' } },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.items.length, s.context.actionError !== null]),
});

interface Impl {
  list?: (q: ProjectListQuery) => Promise<ProjectListResult>;
  command?: (input: { id: number; command: ProjectCommand; expectedVersion: number }) => Promise<ProjectDto>;
}

function start(impl: Impl = {}) {
  const queries: ProjectListQuery[] = [];
  const machine = projectListMachine.provide({
    actors: {
      fetchList: fromPromise(async ({ input }: { input: ProjectListQuery }) => {
        queries.push(input);
        return (impl.list ?? (async () => listResult))(input);
      }),
      sendCommand: fromPromise(
        async ({ input }: { input: { id: number; command: ProjectCommand; expectedVersion: number } }) =>
          (impl.command ?? (async () => projectRow()))(input),
      ),
    },
  });
  const actor = createActor(machine, { input: { role: 'user' } }).start();
  return { actor, queries };
}

describe('project list screen', () => {
  it('loads sorted by ranking, and reloads on every query change back to page 1', async () => {
    const { actor, queries } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries[0]).toMatchObject({ page: 1, sort: 'ranking', order: 'asc' });
    actor.send({ type: 'page.change', page: 2 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'filter.change', field: 'is_enabled', value: 'false' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries[2]).toMatchObject({ page: 1, is_enabled: 'false' });
    actor.send({ type: 'sort.change', sort: 'ranking' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries[3]).toMatchObject({ sort: 'ranking', order: 'desc' });
    actor.send({ type: 'query.type', text: '  clean ' });
    actor.send({ type: 'query.submit' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries[4].q).toBe('clean');
  });

  it('shows a load failure and retries', async () => {
    let fail = true;
    const { actor } = start({
      list: async () => {
        if (fail) throw networkError;
        return listResult;
      },
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    fail = false;
    actor.send({ type: 'list.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.items).toHaveLength(2);
  });

  it('sends a row command with the row version and keeps the server reason when refused', async () => {
    const sent: unknown[] = [];
    const { actor } = start({
      command: async (input) => {
        sent.push(input);
        throw refusedError;
      },
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'row.command', id: 2, command: { type: 'project.show' } });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.actionError !== null);
    expect(sent).toEqual([{ id: 2, command: { type: 'project.show' }, expectedVersion: 3 }]);
    expect(actor.getSnapshot().context.actionError?.keys).toContain('errors.illegalTransition');
    expect(actor.getSnapshot().context.actionError?.message).toMatch(/closed/);
  });

  it('reloads after an accepted command', async () => {
    const { actor, queries } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'row.command', id: 1, command: { type: 'project.show' } });
    await waitFor(actor, () => queries.length === 2);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'row.command', id: 99, command: { type: 'project.show' } });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('offers row actions exactly as the lifecycle and the role allow', () => {
    const closed = projectRow({ is_enabled: false });
    expect(rowAvailability(closed, 'project.show', 'admin')).toEqual({
      allowed: false,
      reasonKey: 'project.reason.closed',
    });
    expect(rowAvailability(projectRow(), 'project.show', 'user').allowed).toBe(true);
    expect(rowAvailability(projectRow(), 'project.close', 'user').reasonKey).toBe('project.reason.adminOnly');
    expect(rowAvailability(projectRow({ is_display: true }), 'project.hide', 'user').allowed).toBe(true);
  });
});
