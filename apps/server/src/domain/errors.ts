import type { ErrorDefinition } from '@tickline/protocol';

/**
 * A handled failure named in the error catalogue. Use cases and services throw it; only `http` (and `ws`) turn it
 * into the envelope `{code, message, data}` with the definition's HTTP status (200 for every business outcome).
 * `message` overrides the catalogue text when a rule needs to be specific (a validation failure naming its field);
 * `data` carries an answer shape the client expects.
 */
export class AppError extends Error {
  readonly code: number;
  readonly httpStatus: number;
  readonly data: unknown;

  constructor(definition: ErrorDefinition, options: { message?: string; data?: unknown } = {}) {
    super(options.message ?? definition.message);
    this.name = 'AppError';
    this.code = definition.code;
    this.httpStatus = definition.httpStatus ?? 200;
    this.data = options.data ?? null;
  }
}
