import type { z } from 'zod';
import { Errors, type ErrorDefinition } from '@tickline/protocol';
import { AppError } from '../domain/errors.ts';

/**
 * Parses a request body or query with a zod schema; the first problem becomes VALIDATION_FAILED with
 * a message naming the field ("title must be at most 200 characters"). A schema may attach its own
 * catalogue error to an issue (`params: { failure }`, see positiveInteger in @tickline/protocol's route fields);
 * then that error is answered.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const failure = (issue as { params?: { failure?: ErrorDefinition } }).params?.failure;
  if (failure) throw new AppError(failure);
  throw new AppError(Errors.VALIDATION_FAILED, { message: describeIssue(issue) });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  if (issue.code === 'invalid_type' && issue.path.length === 0) return 'The request body must be a JSON object.';
  // Messages written in a schema already name their field.
  if (field === '' || issue.message.startsWith(field)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `${field} must be ${article(issue.expected)}`;
    case 'too_big':
      return `${field} must be at most ${issue.maximum as number} ${issue.origin === 'string' ? 'characters' : ''}`.trim();
    case 'too_small':
      return `${field} must be at least ${issue.minimum as number} ${issue.origin === 'string' ? 'characters' : ''}`.trim();
    case 'unrecognized_keys':
      return `unknown field ${issue.keys.join(', ')}`;
    default:
      return `${field}: ${issue.message}`;
  }
}

function article(expected: string): string {
  if (expected === 'string') return 'a text';
  if (expected === 'int') return 'an integer';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
