/**
 * The API reference at /api/docs (#29): Swagger UI (swagger-ui-dist, Apache-2.0) reading /api/v1/openapi.json, served
 * from this server's own files: no CDN, nothing from the web app's bundle. The page starts Swagger UI from a script
 * file (the CSP allows scripts from 'self' only), with the online validator's badge off so it calls nobody else.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const API_DOCS_PATH = '/api/docs';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tickline API reference</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
<style>body { margin: 0 } .topbar { display: none }</style>
</head>
<body>
<div id="api-reference"></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/start.js"></script>
</body>
</html>
`;

const START = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#api-reference',
  deepLinking: true,
  validatorUrl: null,
  docExpansion: 'none',
  defaultModelsExpandDepth: 0,
  displayOperationId: true,
  filter: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

interface Asset {
  type: string;
  /** The file in swagger-ui-dist, or the text itself. */
  file?: string;
  text?: string;
}

const ASSETS: Record<string, Asset> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'start.js': { type: 'text/javascript; charset=utf-8', text: START },
};

const distDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** An asset's bytes and their gzip, read and compressed once, at its first request. */
function loader(asset: Asset) {
  let loaded: Promise<{ plain: Buffer; gzip: Buffer }> | null = null;
  return () =>
    (loaded ??= (async () => {
      const plain = asset.file ? await readFile(path.join(distDir(), asset.file)) : Buffer.from(asset.text ?? '');
      return { plain, gzip: gzipSync(plain) };
    })());
}

export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get(API_DOCS_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );
  for (const [name, asset] of Object.entries(ASSETS)) {
    const load = loader(asset);
    app.get(`${API_DOCS_PATH}/${name}`, async (request: FastifyRequest, reply: FastifyReply) => {
      const { plain, gzip } = await load();
      const gzipped = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      reply.type(asset.type).header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
      return gzipped ? reply.header('content-encoding', 'gzip').send(gzip) : reply.send(plain);
    });
  }
}
