import { readItem, removeItem, writeItem } from './storage';

/** SPEC §9: the session token lives in localStorage under `token`. */
export const TOKEN_KEY = 'token';

export const getToken = (): string | null => readItem(TOKEN_KEY);
export const setToken = (token: string): void => writeItem(TOKEN_KEY, token);
export const clearToken = (): void => removeItem(TOKEN_KEY);
