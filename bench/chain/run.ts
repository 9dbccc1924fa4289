/**
 * `npm run bench:chain`: deposits credited per second by the deposit watcher on a real anvil — 1,000 TestUSDT
 * transfers to 1,000 users mined in a few blocks, then timed from the watcher's first read to the last credit
 * durable in the ledger (through the sequencer, group commit to PostgreSQL). BENCH_ROUNDS rounds (default 3), each on
 * a fresh database and chain; the median round is reported.
 *
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL, else an embedded cluster (fsync on), removed afterwards.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTestClient, createWalletClient, encodeFunctionData, erc20Abi, http, publicActions } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { chainDeposits, createPool, findFreePort, migrate, startEmbeddedPostgres, type Pool } from '@tickline/db';
import { Exchange } from '@tickline/engine';
import { WalletAlerts } from '../../apps/server/src/app/wallet/alerts.ts';
import { DepositWatcher } from '../../apps/server/src/app/wallet/deposit-watcher.ts';
import { localCommandGateway } from '../../apps/server/src/app/engine/command-gateway.ts';
import { SequencerWalletLedger } from '../../apps/server/src/app/wallet/sequencer-ledger.ts';
import { Sequencer } from '../../apps/server/src/services/sequencer/sequencer.ts';
import { startAnvil } from '../../apps/server/src/services/chain/anvil.ts';
import { chainReader, evmChain } from '../../apps/server/src/services/chain/client.ts';
import { ChainWatchReader } from '../../apps/server/src/services/chain/reader.ts';
import { deployTestUsdt, testUsdtArtifact } from '../../apps/server/src/services/chain/token.ts';
import {
  accountXpubFromMnemonic,
  DepositAddressDeriver,
} from '../../apps/server/src/services/chain/deposit-addresses.ts';
import { medianBy } from '../median.ts';

const DEPOSITS = 1_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHAIN_ID = 31337;
const CHAIN_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const USERS_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Round {
  depositsPerSecond: number;
  elapsedMs: number;
  blocks: number;
  ticks: number;
}

async function insertUsers(pool: Pool, count: number): Promise<void> {
  const deriver = new DepositAddressDeriver(accountXpubFromMnemonic(USERS_MNEMONIC));
  const addresses = Array.from({ length: count }, (_, i) => deriver.addressAt(i));
  await pool.query(
    `INSERT INTO users (userid, password_hash, name, phone, referral_code, approve_status, deposit_address_index,
       bsc_address, created_at, updated_at)
     SELECT 'bench' || i || '@example.com', 'x', 'Bench', '010-0000-0000', 'B' || i, 1, i, a, now(), now()
     FROM unnest($1::text[]) WITH ORDINALITY AS t (a, i)`,
    [addresses],
  );
}

async function runOne(adminUrl: string): Promise<Round> {
  const database = `tickline_bench_chain_${Date.now().toString(36)}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const pool = createPool(url.toString(), 4);
  const anvil = await startAnvil({ port: await findFreePort(), chainId: CHAIN_ID, mnemonic: CHAIN_MNEMONIC });
  try {
    await migrate(pool);
    await insertUsers(pool, DEPOSITS);
    const sequencer = await Sequencer.start({
      pool,
      createEngine: (snapshot) => Exchange.fromSnapshot(snapshot),
      clock: { now: () => Date.now() },
    });
    // Setup (not measured): the token, then 1,000 transfers sent with automine off and mined in as few blocks as fit.
    const reader = chainReader(CHAIN_ID, anvil.rpcUrl);
    const funder = mnemonicToAccount(CHAIN_MNEMONIC, { addressIndex: 0 });
    const chain = evmChain(CHAIN_ID, anvil.rpcUrl);
    const wallet = createWalletClient({ account: funder, chain, transport: http(anvil.rpcUrl) });
    const control = createTestClient({ mode: 'anvil', chain, transport: http(anvil.rpcUrl) }).extend(publicActions);
    const token = await deployTestUsdt(wallet, reader);
    const { abi } = testUsdtArtifact();
    await reader.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: token,
        abi,
        functionName: 'mint',
        args: [funder.address, 10n ** 30n],
      }),
    });
    const startBlock = Number(await reader.getBlockNumber({ cacheTime: 0 })) + 1;
    await control.setAutomine(false);
    const { rows } = await pool.query<{ bsc_address: `0x${string}` }>('SELECT bsc_address FROM users ORDER BY id');
    let nonce = await reader.getTransactionCount({ address: funder.address, blockTag: 'pending' });
    for (const [index, row] of rows.entries()) {
      const amount = BigInt(index + 1) * 10n ** 18n; // 1 to 1,000 USDT
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [row.bsc_address, amount] });
      const signed = await funder.signTransaction({
        type: 'legacy',
        chainId: CHAIN_ID,
        to: token,
        data,
        nonce: nonce++,
        gas: 100_000n,
        gasPrice: 2_000_000_000n,
      });
      await reader.sendRawTransaction({ serializedTransaction: signed });
    }
    let head = Number(await reader.getBlockNumber({ cacheTime: 0 }));
    while ((await control.getTxpoolStatus()).pending > 0) await control.mine({ blocks: 1 });
    const blocks = Number(await reader.getBlockNumber({ cacheTime: 0 })) - head;
    await control.mine({ blocks: 2 }); // final at 2 confirmations
    head = Number(await reader.getBlockNumber({ cacheTime: 0 }));

    const watcher = new DepositWatcher({
      pool,
      reader: new ChainWatchReader(reader),
      ledger: new SequencerWalletLedger(localCommandGateway(sequencer)),
      alerts: new WalletAlerts(pool, { now: () => Date.now() }, () => undefined),
      clock: { now: () => Date.now() },
      tokenAddress: token,
      confirmations: 2,
      dustMinimum: 10_000,
      startBlock,
    });
    const started = performance.now();
    let credited = 0;
    let ticks = 0;
    while (credited < DEPOSITS && ticks < 100) {
      credited += (await watcher.tick()).credited;
      ticks++;
    }
    const elapsedMs = performance.now() - started;
    if (credited !== DEPOSITS) throw new Error(`only ${credited} of ${DEPOSITS} deposits were credited`);
    const stored = await chainDeposits.listAllDeposits(pool);
    if (stored.filter((d) => d.status === 2).length !== DEPOSITS) throw new Error('not every deposit is completed');
    await sequencer.stop();
    const round = {
      depositsPerSecond: Math.round((DEPOSITS / elapsedMs) * 1000),
      elapsedMs: Math.round(elapsedMs),
      blocks,
      ticks,
    };
    console.log(
      `  round: ${round.depositsPerSecond} deposits/s (${DEPOSITS} in ${round.elapsedMs} ms, ${blocks} blocks, ${ticks} ticks)`,
    );
    return round;
  } finally {
    await anvil.stop();
    await pool.end();
    const cleaner = new pg.Client(adminUrl);
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleaner.end();
  }
}

async function main() {
  let adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const dataDir = path.join(root, '.bench-data', `chain-${process.pid}`);
  let cluster;
  if (!adminUrl) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    cluster = await startEmbeddedPostgres({ dataDir });
    adminUrl = cluster.url;
  }
  try {
    console.log(`bench:chain — ${DEPOSITS} deposits to ${DEPOSITS} users, ${ROUNDS} rounds`);
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await runOne(adminUrl));
    const median = medianBy(rounds, (r) => r.depositsPerSecond);
    console.log(`median: ${median.depositsPerSecond} deposits credited per second (${median.elapsedMs} ms)`);
  } finally {
    await cluster?.stop();
    if (cluster) await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
