import type { MonitorFact, MonitorSummary } from '@/contract/monitor';
import { request } from './http';
import { getToken } from './token';

export function getMonitorSummary(): Promise<MonitorSummary> {
  return request<MonitorSummary>({ method: 'GET', url: '/api/monitor/summary' });
}

export interface SseMessage {
  id?: string;
  event?: string;
  data: string;
}

/**
 * Server-Sent Events out of a text buffer: the complete messages in it and what is left for the next chunk.
 * Comment lines (`: heartbeat`) and `retry:` are passed over; a message without data is none.
 */
export function parseSse(buffer: string): { messages: SseMessage[]; rest: string } {
  const messages: SseMessage[] = [];
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const message: SseMessage = { data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') message.id = value;
      else if (field === 'event') message.event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) messages.push({ ...message, data: data.join('\n') });
  }
  return { messages, rest };
}

/**
 * Opens the monitor's stream from `lastEventId` (or from now): a fetch, not an EventSource, because the stream
 * needs the bearer token and the position a browser's EventSource cannot be given. Calls `onFact` for each fact,
 * `onClosed` once when the stream ends or fails for any reason (not after `close()`).
 */
export function openMonitorStream(options: {
  lastEventId: string | null;
  onOpen: () => void;
  onFact: (fact: MonitorFact) => void;
  /** Where the stream starts (its first message): the position to come back to before any fact came. */
  onPosition: (id: string) => void;
  onClosed: (status: number | null) => void;
}): () => void {
  const controller = new AbortController();
  let closedByUs = false;
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  void (async () => {
    let status: number | null = null;
    try {
      const res = await fetch('/api/monitor/stream', {
        headers,
        signal: controller.signal,
        cache: 'no-store',
      });
      status = res.status;
      if (!res.ok || !res.body) throw new Error(`monitor stream: ${res.status}`);
      options.onOpen();
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseSse(buffer + decoder.decode(value, { stream: true }));
        buffer = parsed.rest;
        for (const m of parsed.messages)
          if (m.event === 'fact') options.onFact(JSON.parse(m.data) as MonitorFact);
      }
    } catch {
      // ended below
    }
    if (!closedByUs) options.onClosed(status);
  })();
  return () => {
    closedByUs = true;
    controller.abort();
  };
}
