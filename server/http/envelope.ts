/** The response envelope of ARCHITECTURE.md: `{ err_code: 200, err_msg: 'ok', data }` on success. */
export interface Envelope<T> {
  err_code: number;
  err_msg: string;
  data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { err_code: 200, err_msg: 'ok', data };
}

export function failure(errCode: number, message: string, data: unknown = null): Envelope<unknown> {
  return { err_code: errCode, err_msg: message, data };
}
