// `tickline-verify` against a real running platform (src/main.ts in demo mode, its anvil, a test database): it
// agrees with the server on the round log and on the caller's proof of reserves, and fails on a changed answer. The
// log's head is anchored on the platform's chain in a transaction whose data is the head.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@tickline/db';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import { main, type AuditKeyAnswer } from '@tickline/verify/cli';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

const BIN = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/verify/bin/tickline-verify.mjs',
);

let database: TestDatabase;
let dataDir: string;
let server: ServerProcess;
let rpcPort: number;
let base: string;
let token: string;
let userNo: number;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-verify-'));
  const port = await findFreePort();
  rpcPort = await findFreePort();
  server = startServerProcess(port, {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CHAIN_RPC_PORT: String(rpcPort),
  });
  base = `http://127.0.0.1:${port}`;
  token = await server.waitUntilReady();
  userNo = (await server.call<{ no: number }>('GET', '/user/info', token)).data!.no;
}, 120_000);

afterAll(async () => {
  await server?.killAll();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The verifier's exit code and what it printed, with each answer passed through `change` first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are edited as plain JSON
type Json = any;

async function verify(args: string[], change: (path: string, body: Json) => void = () => undefined) {
  const lines: string[] = [];
  const code = await main(args, {
    log: (line) => lines.push(line),
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const body = await response.json();
      change(new URL(String(input)).pathname, body);
      return new Response(JSON.stringify(body), { status: response.status });
    },
  });
  return { code, output: lines.join('\n') };
}

async function until<T>(read: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out:\n${server.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

describe('tickline-verify on a running platform', () => {
  it('recomputes the round log once rounds have settled, and fails on a changed record', async () => {
    const key = await until(async () => {
      const answer = await server.call<AuditKeyAnswer>('GET', '/audit/key');
      return answer.data && answer.data.head.count >= 1 && answer.data.anchor ? answer.data : null;
    }, 200_000);
    expect(await verify(['rounds', base])).toMatchObject({ code: 0, output: expect.stringMatching(/^OK \d+ rounds/) });
    const changed = await verify(['rounds', base], (at, body) => {
      if (at === '/api/v1/audit/rounds' && body.data.rounds[0]) body.data.rounds[0].closePrice += 0.01;
    });
    expect(changed).toMatchObject({ code: 1, output: expect.stringMatching(/^FAIL record 1: (hash|result)/) });
    const forged = await verify(['rounds', base], (at, body) => {
      if (at === '/api/v1/audit/key') body.data.head.signature = body.data.head.signature.replace(/^../, '00');
    });
    expect(forged).toMatchObject({ code: 1, output: expect.stringMatching(/^FAIL (signature|head)/) });

    // The anchor: a transaction on the platform's chain whose data is the head it names.
    const response = await fetch(`http://127.0.0.1:${rpcPort}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionByHash', params: [key.anchor!.txHash] }),
    });
    const tx = ((await response.json()) as { result: { input: string; from: string; to: string } }).result;
    expect(tx.input).toBe(`0x${key.anchor!.hash}`);
    expect(tx.to.toLowerCase()).toBe(tx.from.toLowerCase());
  }, 240_000);

  it("checks the caller's inclusion in the reserves, and fails on a changed balance or root", async () => {
    const args = ['reserves', base, '--token', token, '--user-no', String(userNo)];
    expect(await verify(args)).toMatchObject({ code: 0, output: expect.stringMatching(/^OK your balance \d+/) });
    const richer = await verify(args, (at, body) => {
      if (at === '/api/v1/user/reserves/proof')
        body.data.leaf.balanceMicro = String(BigInt(body.data.leaf.balanceMicro) + 1n);
    });
    expect(richer).toMatchObject({ code: 1, output: expect.stringMatching(/^FAIL proof/) });
    const otherRoot = await verify(args, (at, body) => {
      if (at === '/api/v1/reserves') body.data.root.sum = String(BigInt(body.data.root.sum) - 1n);
    });
    expect(otherRoot).toMatchObject({ code: 1, output: expect.stringMatching(/^FAIL root/) });
    const someoneElse = await verify(['reserves', base, '--token', token, '--user-no', String(userNo + 1)]);
    expect(someoneElse).toMatchObject({ code: 1, output: expect.stringMatching(/not this user/) });
  });

  it('runs as the tickline-verify command', async () => {
    const child = spawn(process.execPath, [BIN, 'rounds', base], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, output }).toMatchObject({ code: 0, output: expect.stringMatching(/^OK \d+ rounds/) });
  }, 60_000);
});
