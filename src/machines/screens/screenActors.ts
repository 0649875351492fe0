import type { EntityApi, Versioned } from '@/services/entityApi';
import type { Loaded } from './detailScreenMachine';

/** A record and its history, as a detail screen loads them (`record` given: already fetched by a save). */
export async function loadWithHistory<Row extends Versioned>(
  api: EntityApi<Row>,
  id: number,
  record?: Row,
): Promise<Loaded<Row>> {
  const [row, history] = await Promise.all([record ?? api.get(id), api.history(id)]);
  return { record: row, history };
}
