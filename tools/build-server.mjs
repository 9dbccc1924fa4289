/* global console, performance */
// Builds the server for `npm start`: every TypeScript file of the server and of the packages it runs on, transpiled
// one by one into JavaScript beside its sources (`<workspace>/dist`, same layout as `src`, so paths taken from
// import.meta.url still point where they did), relative `.ts` imports rewritten to `.js`. Plain node runs the output
// with `--conditions=tickline-built`, under which each package's exports name its dist. No type check here: that is
// `npm run typecheck`. Plain JavaScript, so that building needs no TypeScript loader.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = [
  'packages/money',
  'packages/verify',
  'packages/protocol',
  'packages/engine',
  'packages/db',
  'apps/server',
];

const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  verbatimModuleSyntax: true,
  rewriteRelativeImportExtensions: true,
  sourceMap: true,
};

async function* typescriptFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* typescriptFiles(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield full;
  }
}

const startedAt = performance.now();
let files = 0;
for (const workspace of WORKSPACES) {
  const src = path.join(root, workspace, 'src');
  const dist = path.join(root, workspace, 'dist');
  await rm(dist, { recursive: true, force: true });
  for await (const file of typescriptFiles(src)) {
    const out = path.join(dist, path.relative(src, file)).replace(/\.ts$/, '.js');
    const { outputText, sourceMapText, diagnostics } = ts.transpileModule(await readFile(file, 'utf8'), {
      compilerOptions,
      fileName: file,
      reportDiagnostics: true,
    });
    if (diagnostics?.length) {
      const text = ts.formatDiagnostics(diagnostics, ts.createCompilerHost({}));
      throw new Error(`cannot build ${path.relative(root, file)}:\n${text}`);
    }
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, outputText);
    if (sourceMapText) await writeFile(`${out}.map`, sourceMapText);
    files += 1;
  }
}
console.log(`Server built: ${files} files in ${Math.round(performance.now() - startedAt)} ms`);
