/** Every HTTP answer of the API, as the seeds define it: code 0 is success. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T | null;
}

export const SUCCESS_CODE = 0;
export const SUCCESS_MESSAGE = 'Success';

export function ok<T>(data: T, message = SUCCESS_MESSAGE): Envelope<T> {
  return { code: SUCCESS_CODE, message, data };
}

export function fail(code: number, message: string, data: unknown = null): Envelope<unknown> {
  return { code, message, data };
}
