/**
 * GET /coin-icons/<symbol>.svg: the coin logos shipped in `cryptocurrency-icons` (services/market/coin-icons.ts),
 * read once, sent brotli- or gzip-compressed when the browser accepts it. Addresses carry the package version, so
 * they are cached for a year; a coin the package lacks is 404 (the lists give it a letter badge instead).
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { COIN_ICON_ROUTE, coinIconFile } from '../services/market/coin-icons.ts';
import { notFound } from './errors.ts';

interface Icon {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export async function coinIconRoutes(app: FastifyInstance): Promise<void> {
  const icons = new Map<string, Icon | null>();
  const iconOf = (symbol: string): Icon | null => {
    if (!icons.has(symbol)) {
      const file = coinIconFile(symbol);
      const raw = file ? readFileSync(file) : null;
      icons.set(symbol, raw ? { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw, { level: 9 }) } : null);
    }
    return icons.get(symbol)!;
  };

  app.get(`${COIN_ICON_ROUTE}/:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    const icon = /^[a-z0-9]{1,12}\.svg$/.test(file) ? iconOf(file.slice(0, -4)) : null;
    if (!icon) return notFound(request, reply);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const [encoding, body] = /\bbr\b/.test(accepted)
      ? ['br', icon.br]
      : /\bgzip\b/.test(accepted)
        ? ['gzip', icon.gzip]
        : [null, icon.raw];
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('vary', 'accept-encoding')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type('image/svg+xml')
      .send(body);
  });
}
