import { describe, expect, it } from 'vitest';
import { formatCursor, parseCursor } from '@/contract/monitor';

describe('a position in the monitored log', () => {
  it('is <tx>:<position>, written as formatCursor writes it', () => {
    expect(parseCursor('812:40')).toEqual({ tx: '812', position: 40 });
    expect(parseCursor(formatCursor('9007199254740993', 0))).toEqual({ tx: '9007199254740993', position: 0 });
    expect(parseCursor('0:0')).toEqual({ tx: '0', position: 0 });
    expect(parseCursor('1234567890123456789:1')).toEqual({ tx: '1234567890123456789', position: 1 });
  });
  it('is nothing else: no leading zeros, no signs, no spaces, nothing out of range', () => {
    for (const text of [
      '',
      null,
      undefined,
      '12',
      ':1',
      '1:',
      '012:1',
      '1:01',
      '-1:1',
      ' 1:1',
      '1:1 ',
      '1:2:3',
      'a:1',
      '12345678901234567890:1',
      '1:12345678901234567',
      '1:9007199254740993',
    ])
      expect(parseCursor(text), String(text)).toBeNull();
    expect(parseCursor('1:9007199254740991')).toEqual({ tx: '1', position: 9007199254740991 });
  });
});
