import { describe, expect, it } from 'vitest';
import { parseSse } from '@/services/monitor';

describe('Server-Sent Events out of a buffer', () => {
  it('reads complete messages and keeps the rest for the next chunk', () => {
    const { messages, rest } = parseSse('id: 7:1\nevent: fact\ndata: {"a":1}\n\nid: 7:2\nevent: fa');
    expect(messages).toEqual([{ id: '7:1', event: 'fact', data: '{"a":1}' }]);
    expect(rest).toBe('id: 7:2\nevent: fa');
    const next = parseSse(`${rest}ct\ndata: {"a":2}\n\n`);
    expect(next).toEqual({ messages: [{ id: '7:2', event: 'fact', data: '{"a":2}' }], rest: '' });
  });
  it('passes over comments, retry and messages without data; joins data lines; takes CRLF', () => {
    const { messages } = parseSse(
      ': connected\n\nretry: 2000\n\n: heartbeat\n\nevent: fact\r\ndata: line 1\r\ndata: line 2\r\n\r\nid: 1:1\n\n',
    );
    expect(messages).toEqual([{ event: 'fact', data: 'line 1\nline 2' }]);
  });
  it('takes a field without a space after its colon, and a value with colons', () => {
    expect(parseSse('event:fact\ndata:{"id":"12:3"}\n\n').messages).toEqual([
      { event: 'fact', data: '{"id":"12:3"}' },
    ]);
  });
});
