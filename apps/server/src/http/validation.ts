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
  // Before and after the schema: a route's `z.unknown()` field, or a number coerced from a query, is covered too.
  refuseHostile(input);
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    refuseHostile(result.data);
    return result.data;
  }
  const issue = result.error.issues[0]!;
  const failure = (issue as { params?: { failure?: ErrorDefinition } }).params?.failure;
  if (failure) throw new AppError(failure);
  throw new AppError(Errors.VALIDATION_FAILED, { message: describeIssue(issue) });
}

/**
 * Control characters other than tab, line feed and carriage return (NUL among them, which PostgreSQL refuses in text).
 * Those three pass here for multi-line fields; single-line text fields refuse them too (optionalText).
 */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * Refuses, anywhere in a request's input, a text with a control character (tab, line feed and carriage return aside)
 * and a number beyond the safe integers (an id or amount like 1e308 that PostgreSQL's bigint cannot take). Walked
 * without recursion, so a deeply nested value cannot exhaust the stack.
 */
function refuseHostile(input: unknown): void {
  const stack: Array<{ value: unknown; path: string }> = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    const field = path === '' ? 'the request' : path;
    if (typeof value === 'string' && hasControlCharacter(value))
      throw new AppError(Errors.VALIDATION_FAILED, { message: `${field} must not contain control characters` });
    if (typeof value === 'number' && Math.abs(value) > Number.MAX_SAFE_INTEGER)
      throw new AppError(Errors.VALIDATION_FAILED, { message: `${field} is out of range` });
    if (typeof value !== 'object' || value === null || !(Array.isArray(value) || isPlainObject(value))) continue;
    for (const [key, child] of Object.entries(value)) {
      if (hasControlCharacter(key))
        throw new AppError(Errors.VALIDATION_FAILED, { message: 'A field name must not contain control characters' });
      stack.push({ value: child, path: path === '' ? key : `${path}.${key}` });
    }
  }
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
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
