import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { errorAreas, Errors } from '../src/errors/index.ts';
import { renderErrorCodesMarkdown } from '../scripts/render-error-codes.ts';

describe('error catalogue', () => {
  it('gives every error a unique code and a non-empty message', () => {
    const codes = Object.values(Errors).map((definition) => definition.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const definition of Object.values(Errors)) expect(definition.message.trim().length).toBeGreaterThan(0);
    const names = errorAreas.flatMap((area) => Object.keys(area.definitions));
    expect(new Set(names).size).toBe(names.length);
  });

  it('is documented in docs/error-codes.md exactly as generated', async () => {
    const documented = await readFile(new URL('../../../docs/error-codes.md', import.meta.url), 'utf8');
    expect(documented).toBe(renderErrorCodesMarkdown());
  });
});
