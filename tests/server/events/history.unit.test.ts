import { describe, expect, it } from 'vitest';
import { newestFirst } from '../../../server/events/history';

// An order's history with its refunds': each stream's events in log order, the streams interleaved by when the
// events happened, a tie (the facts of one transaction share its time) to the one stored later.

const row = (stream: string, position: number, at: string) => ({
  stream,
  global_position: position,
  occurred_at: new Date(`2026-11-01T${at}Z`),
});
const order = (rows: ReturnType<typeof row>[]) =>
  newestFirst(
    [...rows].sort((a, b) => b.global_position - a.global_position),
    (r) => r.stream,
  ).map((r) => `${r.stream}${r.global_position}`);

describe('one history of several streams', () => {
  it('interleaves the streams by time when they were stored out of time order (a batch written later)', () => {
    // The order's events stored first, the refund's later in one batch, though they happened in between.
    const rows = [
      row('o', 1, '10:00:00'),
      row('o', 2, '12:00:00'),
      row('o', 3, '14:00:00'),
      row('r', 4, '11:00:00'),
      row('r', 5, '13:00:00'),
    ];
    expect(order(rows)).toEqual(['o3', 'r5', 'o2', 'r4', 'o1']);
  });

  it('keeps each stream in log order even when its times go back (a transaction that started earlier)', () => {
    const rows = [row('o', 1, '10:00:00'), row('o', 2, '10:00:05'), row('o', 3, '10:00:01')];
    expect(order(rows)).toEqual(['o3', 'o2', 'o1']);
  });

  it('puts the later-stored of two events of one instant first, whichever stream it is in', () => {
    // One command wrote the order's event 13 and then the refund's 14; the order moved on later (20).
    const rows = [row('o', 13, '09:00:00'), row('r', 14, '09:00:00'), row('o', 20, '09:30:00')];
    expect(order(rows)).toEqual(['o20', 'r14', 'o13']);
  });

  it('answers nothing for nothing', () => {
    expect(order([])).toEqual([]);
  });
});
