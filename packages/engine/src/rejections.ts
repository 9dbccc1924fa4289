import { Errors, type ErrorName } from '@tickline/protocol';
import type { Rejection } from './types.ts';

/** A refusal named by its catalogue entry; the server answers `Errors[reason]` with this same message. */
export function reject(reason: ErrorName): Rejection {
  return { ok: false, reason, message: Errors[reason].message };
}
