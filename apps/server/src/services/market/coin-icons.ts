/**
 * Coin logos from the npm package `cryptocurrency-icons` (CC0), shipped with the server and served by it at
 * /coin-icons/<symbol>.svg: no image host, works offline. A coin the package lacks keeps the letter badge.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ICON_DIR = path.join(path.dirname(require.resolve('cryptocurrency-icons/package.json')), 'svg', 'color');
const VERSION = (require('cryptocurrency-icons/package.json') as { version: string }).version;

export const COIN_ICON_ROUTE = '/coin-icons';

/** The shipped SVG of a coin (lower-case ticker), or null when the package has none. */
export function coinIconFile(symbol: string): string | null {
  if (!/^[a-z0-9]{1,12}$/.test(symbol)) return null;
  const file = path.join(ICON_DIR, `${symbol}.svg`);
  return existsSync(file) ? file : null;
}

/** The address a browser loads the logo from; the package version in the query makes it safe to cache for good. */
export function coinIconUrl(symbol: string): string | null {
  return coinIconFile(symbol) ? `${COIN_ICON_ROUTE}/${symbol}.svg?v=${VERSION}` : null;
}
