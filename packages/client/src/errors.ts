import { Errors, type ErrorName } from '@tickline/protocol';

const NAMES_BY_CODE: ReadonlyMap<number, ErrorName> = new Map(
  (Object.keys(Errors) as ErrorName[]).map((name) => [Errors[name].code, name]),
);

/** A catalogued refusal: the envelope's non-zero code with its message (docs/error-codes.md). */
export class TicklineError extends Error {
  override readonly name = 'TicklineError';
  /** The catalogue's name of the code (e.g. INSUFFICIENT_MARGIN); undefined for a code this client does not know. */
  readonly errorName: ErrorName | undefined;

  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus: number,
    readonly data: unknown = null,
    /** The server's Retry-After, in milliseconds, when it sent one (busy, rate limited). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.errorName = NAMES_BY_CODE.get(code);
  }

  /** True when this is the catalogue's error `name`. */
  is(name: ErrorName): boolean {
    return this.code === Errors[name].code;
  }
}

/** The request produced no envelope: the server was unreachable, or something else answered. */
export class TicklineTransportError extends Error {
  override readonly name = 'TicklineTransportError';

  constructor(
    message: string,
    readonly httpStatus: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
