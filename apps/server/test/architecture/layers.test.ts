import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Imports point one way (docs/architecture.md): servers (`http`, `ws`) and `jobs` → `app` → `services` → `domain`.
 * Each layer lists the layers it may import besides itself; `config.ts` and `clock.ts` are shared by every layer and
 * `main.ts`, which wires everything, is imported by nobody.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  domain: [],
  shared: ['domain', 'services'],
  services: ['domain', 'shared'],
  app: ['domain', 'shared', 'services'],
  jobs: ['domain', 'shared', 'services', 'app'],
  http: ['domain', 'shared', 'services', 'app'],
  // The websocket serves the route table's calls through http's one invocation (#30): ws → http, never back.
  ws: ['domain', 'shared', 'services', 'app', 'http'],
  // The Binance-compatible surface (#31), REST and streams, built on both servers; handed in by the roles.
  fapi: ['domain', 'shared', 'services', 'app', 'http', 'ws'],
  // The process roles of a cluster (#19): wiring like main.ts, one role per file.
  roles: ['domain', 'shared', 'services', 'app', 'jobs', 'http', 'ws', 'fapi'],
  main: ['domain', 'shared', 'services', 'app', 'jobs', 'http', 'ws', 'fapi', 'roles'],
  // Command-line tools (operator:create): entry points like main.ts, run by hand, imported by nobody.
  cli: ['domain', 'shared', 'services', 'app'],
  // The demo market maker (#31): its own process, a client of /fapi over HTTP, imported by nobody.
  'demo-maker': ['domain', 'shared', 'services'],
};

const SOURCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The layer of a file: its first folder under src/, or for a file directly in src/ what its name says. */
export function layerOf(file: string): string {
  const relative = path.relative(SOURCE_DIR, file).split(path.sep);
  if (relative.length > 1) return relative[0]!;
  return relative[0] === 'main.ts' ? 'main' : 'shared';
}

/** Relative module specifiers of static imports, re-exports and dynamic imports. */
export function relativeImports(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SOURCE_DIR)) {
    const from = layerOf(file);
    const allowed = MAY_IMPORT[from];
    if (!allowed) {
      found.push(`${path.relative(SOURCE_DIR, file)}: folder ${from} is not a known layer`);
      continue;
    }
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(SOURCE_DIR + path.sep)) {
        found.push(`${path.relative(SOURCE_DIR, file)} imports ${specifier}, outside the server's src/`);
        continue;
      }
      const to = layerOf(target);
      if (to !== from && !allowed.includes(to))
        found.push(`${path.relative(SOURCE_DIR, file)} (${from}) imports ${to}: ${specifier}`);
    }
  }
  return found;
}

describe('server layers', () => {
  it('import one way: nothing below http or ws imports them, app and services never import the layers above', () => {
    expect(violations()).toEqual([]);
  });

  it('catches a forbidden import (the check itself can fail)', () => {
    expect(
      relativeImports("import { AppError } from '../../http/errors.ts';\nconst x = await import('./y.ts');"),
    ).toEqual(['../../http/errors.ts', './y.ts']);
    expect(layerOf(path.join(SOURCE_DIR, 'app/trading/place-order.ts'))).toBe('app');
    expect(layerOf(path.join(SOURCE_DIR, 'config.ts'))).toBe('shared');
    expect(MAY_IMPORT.app).not.toContain('http');
    expect(MAY_IMPORT.services).not.toContain('http');
    expect(MAY_IMPORT.services).not.toContain('app');
  });
});
