/** What a failed start prints: what failed and what to do, never a bare stack or `undefined`. */
import { describeFailure, StartFailure } from '@tickline/db';

const UNREACHABLE_DATABASE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET']);

export function startFailureText(error: unknown): string {
  const lead = 'Tickline could not start: ';
  if (error instanceof StartFailure) return lead + error.message;
  const { code, port } = (error ?? {}) as { code?: string; port?: number };
  if (code === 'EADDRINUSE')
    return `${lead}port ${port ?? ''} is already in use.\nWhat to do: stop the program using it, or set PORT (and WS_PORT) to free ports.`;
  if (code === 'EACCES' && port !== undefined)
    return `${lead}not allowed to listen on port ${port}.\nWhat to do: use a port above 1023 (PORT, WS_PORT).`;
  if (code !== undefined && (UNREACHABLE_DATABASE.has(code) || /^(08|28|3D)/.test(code)))
    return (
      `${lead}could not use PostgreSQL (${code}: ${describeFailure(error)}).\n` +
      'What to do: check that PostgreSQL is running and that DATABASE_URL (host, port, user, password, database) is ' +
      'right; without DATABASE_URL the platform starts its own PostgreSQL under DATA_DIR.'
    );
  const stack = error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return `${lead}${describeFailure(error)}\nWhat to do: fix the cause named above and start again.${stack}`;
}
