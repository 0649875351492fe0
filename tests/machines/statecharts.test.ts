import { expect, it } from 'vitest';
import { staleCharts } from '../../scripts/statecharts';

it('committed diagrams in docs/statecharts match the machines (run `npm run statecharts` when not)', async () => {
  expect(await staleCharts()).toEqual([]);
});
