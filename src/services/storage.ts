/**
 * Browser storage with a safe fallback: outside a browser (unit tests, server-side tooling) or when the
 * browser refuses storage (private mode quotas), values live in memory for the life of the page.
 */
const memory = new Map<string, string>();

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readItem(key: string): string | null {
  const s = store();
  if (!s) return memory.get(key) ?? null;
  try {
    return s.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

export function writeItem(key: string, value: string): void {
  memory.set(key, value);
  try {
    store()?.setItem(key, value);
  } catch {
    // quota or privacy mode: the in-memory copy still serves this page
  }
}

export function removeItem(key: string): void {
  memory.delete(key);
  try {
    store()?.removeItem(key);
  } catch {
    // see writeItem
  }
}

export function readJson<T>(key: string): T | undefined {
  const raw = readItem(key);
  if (raw == null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}
