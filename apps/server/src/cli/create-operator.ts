// npm run operator:create -- --email ops@example.com [--name "Night desk"]
// Creates an operator account (#16): the password is asked for on the terminal (not echoed), or read from
// OPERATOR_PASSWORD for scripts. Uses DATABASE_URL, else the embedded PostgreSQL of DATA_DIR (the platform must be
// stopped then: one PostgreSQL per data directory).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { closePool, createPool, migrate, startEmbeddedPostgres } from '@tickline/db';
import { createOperator } from '../app/admin/create-operator.ts';
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { DepositAddressDeriver } from '../services/chain/deposit-addresses.ts';
import { resolveSecrets } from '../services/secrets/secrets.ts';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** The password from OPERATOR_PASSWORD, or typed twice on the terminal without echo. */
async function password(): Promise<string> {
  if (process.env.OPERATOR_PASSWORD) return process.env.OPERATOR_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('no terminal to ask for the password: set OPERATOR_PASSWORD');
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
        if (text.includes(question)) process.stdout.write(text);
      };
      rl.question(question, (answer) => {
        rl.close();
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('Password: ');
  if ((await ask('Password again: ')) !== first) throw new Error('the two passwords differ');
  return first;
}

async function main(): Promise<void> {
  const email = argument('email');
  if (!email) throw new Error('usage: npm run operator:create -- --email <email> [--name <name>]');
  const config = loadConfig();
  const secrets = await resolveSecrets(config);
  let cluster = null;
  let url = config.databaseUrl;
  if (!url) {
    const dataDir = path.join(config.dataDir, 'postgres');
    if (existsSync(path.join(dataDir, 'postmaster.pid')))
      throw new Error(`the platform's PostgreSQL in ${dataDir} is running: stop the platform, or set DATABASE_URL`);
    cluster = await startEmbeddedPostgres({ dataDir, stopOnSignals: false });
    url = cluster.url;
  }
  const pool = createPool(url);
  try {
    await migrate(pool);
    const { userId } = await createOperator(
      { pool, clock: systemClock, depositAddresses: new DepositAddressDeriver(secrets.depositXpub) },
      { email, password: await password(), name: argument('name') },
    );
    console.log(`Operator ${email} created (user ${userId}). Log in on the web and open /admin.`);
  } finally {
    await closePool(pool);
    await cluster?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`operator:create failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
