import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from './errors.ts';

const MISSING_BUILD_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Tickline</title>' +
  '<p>The web client is not built yet: run <code>npm run build:web</code> (or <code>npm start</code>), then reload.</p>';

/** Paths that belong to the API or the websocket gateway never fall back to the web client. */
function isServerPath(url: string): boolean {
  return /^\/(api|ws)(\/|$|\?)/.test(url);
}

/**
 * Serves the built single-page app from `distDir` at `/`, with history fallback: a GET that is not an
 * API or websocket path and not a file answers index.html, so client-side routes survive a reload.
 * Without a build, such GETs answer a one-line page saying how to build it.
 */
export async function registerWebClient(app: FastifyInstance, distDir: string | null): Promise<void> {
  const built = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz beside each text asset (apps/web/scripts/precompress.ts): sent when accepted.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite puts content-hashed files under assets/: cache those forever, everything else revalidates.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url);
    if (!wantsPage) return notFound(request, reply);
    if (built) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
  });
}
