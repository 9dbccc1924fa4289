import { writeFile } from 'node:fs/promises';
import { errorAreas, type ErrorDefinition } from '../src/errors/index.ts';

export function renderErrorCodesMarkdown(): string {
  const lines = [
    '# Error codes',
    '',
    'Generated from `packages/protocol/src/errors` by `npm run docs:errors`; do not edit by hand.',
    '',
    'Every answer is `{ code, message, data }` with HTTP 200, except where a status is given: those requests',
    'could not be handled at all. `code` 0 is success. The message may be shown to the user as it is.',
    '',
  ];
  for (const area of errorAreas) {
    lines.push(`## ${area.area}`, '', '| code | name | HTTP | message |', '| --- | --- | --- | --- |');
    const entries = Object.entries(area.definitions as Record<string, ErrorDefinition>).sort(
      ([, a], [, b]) => a.code - b.code,
    );
    for (const [name, definition] of entries)
      lines.push(`| ${definition.code} | ${name} | ${definition.httpStatus ?? 200} | ${definition.message} |`);
    lines.push('');
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeFile(new URL('../../../docs/error-codes.md', import.meta.url), renderErrorCodesMarkdown());
}
