import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/http/build-app.ts';
import { loadConfig } from '../src/config.ts';
import { accountXpubFromMnemonic } from '../src/services/chain/deposit-addresses.ts';
import { TEST_MNEMONIC } from './helpers/test-app.ts';

describe('server logs', () => {
  it('are JSON lines with the Authorization header, passwords and tokens redacted', async () => {
    const lines: string[] = [];
    const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/tmp/unused' });
    // No database or trading core is touched: the route below only logs.
    const app = await buildApp({
      config,
      pool: undefined as never,
      services: { trading: undefined as never },
      secrets: {
        jwtSecret: 'x'.repeat(40),
        depositXpub: accountXpubFromMnemonic(TEST_MNEMONIC),
        depositMnemonic: undefined,
      },
      logger: loggerOptions(config, { write: (line) => lines.push(line) }),
    });
    app.get('/log-probe', async (request) => {
      request.log.info(
        {
          req: { headers: request.headers },
          body: { userid: 'a@b.co', password: 'hunter22', refreshToken: 'r-token' },
        },
        'probe',
      );
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/log-probe', headers: { authorization: 'Bearer secret-access-token' } });
    await app.close();
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(text).toContain('"probe"');
    expect(text).toContain('a@b.co');
    expect(text).not.toContain('secret-access-token');
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('r-token');
    expect(text).toContain('[redacted]');
  });

  // Lines to stdout go out in batches (#30): a lone line still leaves while the process runs, and what is queued
  // when the process exits is written before it ends.
  it.each([
    ['stay', 'probe line, process still running', 1],
    ['exit', 'probe line before exit', 3],
  ] as const)('reach stdout from a process that does not log again (%s)', async (mode, message, count) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'helpers/log-probe.ts'), mode],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.split(message).length - 1 >= count) resolve();
        });
        child.once('exit', () => (output.split(message).length - 1 >= count ? resolve() : reject(new Error(output))));
      });
    } finally {
      child.kill('SIGKILL');
    }
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(count);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: 30, msg: message });
  });
});
