// Sweeping deposit addresses into the hot wallet on a real anvil and PostgreSQL, deposits credited through the
// sequencer: the gas top-up confirmed before the token transfer is signed, each transaction stored before it is sent
// and sent again as the same bytes, one sweep per address at a time, and the ledger health counting tokens once.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, type Address, type Hex } from 'viem';
import { chainWatch, depositSweeps, findFreePort } from '@tickline/db';
import { WalletAlerts } from '../../src/app/wallet/alerts.ts';
import { DepositSweeper } from '../../src/app/wallet/deposit-sweeper.ts';
import { startWallet } from '../../src/app/wallet/runtime.ts';
import { localCommandGateway } from '../../src/app/engine/command-gateway.ts';
import { SequencerWalletLedger } from '../../src/app/wallet/sequencer-ledger.ts';
import { Scheduler } from '../../src/jobs/scheduler.ts';
import { DEPOSIT_SWEEP_JOB, registerWalletJobs } from '../../src/jobs/wallet-jobs.ts';
import { chainReader } from '../../src/services/chain/client.ts';
import { accountXpubFromMnemonic, DEPOSIT_ACCOUNT_PATH } from '../../src/services/chain/deposit-addresses.ts';
import { DepositAddressChain, DepositKeys } from '../../src/services/chain/deposit-keys.ts';
import { HotWallet } from '../../src/services/chain/hot-wallet.ts';
import { LOCAL_CHAIN_MNEMONIC } from '../../src/services/chain/local-chain.ts';
import { get, TEST_MNEMONIC } from '../helpers/test-app.ts';
import { expectLedgerInvariants } from '../trading/helpers/ledger-invariants.ts';
import { createTradingTestApp, type TradingTestApp } from '../trading/helpers/trading-app.ts';
import { TEST_CHAIN_ID, usdt } from './helpers/test-chain.ts';
import { createWalletTestApp, hotWalletKey, type WalletTestApp } from './helpers/wallet-app.ts';

let trading: TradingTestApp;
let t: WalletTestApp<SequencerWalletLedger>;
let operator: { accessToken: string };
const USDT = 1_000_000;
const CONFIRMATIONS = 2;

/** A sweeper as a (re)started server builds it; `broadcastTo` another endpoint makes every broadcast fail. */
function sweeper(options: { broadcastTo?: string } = {}): DepositSweeper {
  const reader = chainReader(TEST_CHAIN_ID, t.chain.rpcUrl);
  const broadcaster = options.broadcastTo ? chainReader(TEST_CHAIN_ID, options.broadcastTo) : reader;
  return new DepositSweeper({
    pool: t.pool,
    hotWallet: new HotWallet(reader, hotWalletKey(), TEST_CHAIN_ID, t.chain.token, broadcaster),
    addresses: new DepositAddressChain(reader, t.chain.token, broadcaster),
    keys: DepositKeys.fromMnemonic(TEST_MNEMONIC),
    alerts: new WalletAlerts(t.pool, t.clock, () => undefined),
    clock: t.clock,
    chainId: TEST_CHAIN_ID,
    confirmations: CONFIRMATIONS,
    minimum: 100 * USDT,
    resendAfterMs: 0,
  });
}

/** A member whose deposit of `amount` USDT is completed (final and credited). */
async function depositor(amount: number) {
  const user = await t.member();
  await sendAndComplete(user.address as Address, amount);
  return { ...user, address: getAddress(user.address) };
}

async function sendAndComplete(address: Address, amount: number) {
  await t.chain.send(address, usdt(amount));
  await t.chain.mine(CONFIRMATIONS - 1);
  await t.wallet.watcher.tick();
  const rows = await t.pool.query<{ status: number }>(
    'SELECT status FROM chain_deposits WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [address],
  );
  expect(rows.rows[0]!.status).toBe(2);
}

const sweepsOf = (address: Address) => depositSweeps.listAddressSweeps(t.pool, address);
const nonceOf = (address: Address) => t.chain.nonceOf(address);
const hotWallet = () => t.wallet.hotWalletAddress;

async function health() {
  const { body } = await get<{ checks: Array<{ name: string; ok: boolean; detail: Record<string, number> }> }>(
    t.app,
    '/admin/ledger-health',
    operator.accessToken,
  );
  const check = body.data!.checks.find((c) => c.name === 'hot-wallet-covers-spot')!;
  expect(Object.keys(check.detail).sort()).toEqual(['hotWallet', 'onDepositAddresses', 'owedOnChain']);
  return { ok: check.ok, ...(check.detail as { hotWallet: number; onDepositAddresses: number; owedOnChain: number }) };
}

beforeAll(async () => {
  trading = await createTradingTestApp();
  t = await createWalletTestApp({
    hotWalletUsdt: 1_000,
    base: { testApp: trading, ledger: new SequencerWalletLedger(localCommandGateway(trading.sequencer)) },
  });
  operator = await t.member({ role: 'operator' });
});

afterAll(async () => {
  await t?.wallet.stop();
  await trading?.close();
  await t?.chain.stop();
});

describe('sweeping deposit addresses into the hot wallet', () => {
  it('tops up gas, waits for its confirmations, then moves the tokens; ledger health counts them once', async () => {
    const user = await depositor(250);
    const hotBefore = await t.chain.balanceOf(hotWallet());
    const hotNonceBefore = await nonceOf(hotWallet());
    const healthBefore = await health();
    expect(healthBefore.ok).toBe(true);
    expect(healthBefore.onDepositAddresses).toBeGreaterThanOrEqual(250);
    const s = sweeper();

    // Run 1: the address has no gas, so the hot wallet sends some (mined at once by anvil, 1 confirmation).
    expect(await s.tick()).toMatchObject({ started: 1, transfersSigned: 0 });
    let [row] = await sweepsOf(user.address);
    expect(row).toMatchObject({ status: 'topup', userId: user.userId, sweepRawTx: null, amountUnits: `${usdt(250)}` });
    expect(row!.topupNonce).toBe(hotNonceBefore);
    const topUp = await t.chain.receipt(row!.topupTxHash as Hex);
    expect(topUp.from.toLowerCase()).toBe(hotWallet().toLowerCase());
    expect(await t.chain.gasBalanceOf(user.address)).toBe(BigInt(row!.topupValue!));
    // Run 2, no new block: mined but not confirmed, so nothing is signed for the deposit address.
    expect(await s.tick()).toMatchObject({ started: 0, transfersSigned: 0 });
    [row] = await sweepsOf(user.address);
    expect(row).toMatchObject({ status: 'topup', sweepRawTx: null, topupBlock: Number(topUp.blockNumber) });
    expect(await t.chain.balanceOf(user.address)).toBe(usdt(250));
    expect(await nonceOf(user.address)).toBe(0);

    // Run 3, the top-up confirmed: the transfer is signed with the address's key and sent.
    await t.chain.mine(1);
    expect(await s.tick()).toMatchObject({ started: 0, transfersSigned: 1 });
    [row] = await sweepsOf(user.address);
    expect(row).toMatchObject({ status: 'sweep', sweepNonce: 0 });
    const transfer = await t.chain.receipt(row!.sweepTxHash as Hex);
    expect(transfer.from.toLowerCase()).toBe(user.address.toLowerCase());
    expect(Number(transfer.blockNumber)).toBeGreaterThanOrEqual(Number(topUp.blockNumber) + CONFIRMATIONS);
    expect(await t.chain.balanceOf(user.address)).toBe(0n);
    expect(await t.chain.balanceOf(hotWallet())).toBe(hotBefore + usdt(250));
    // Mined, not yet final: the tokens count on the hot wallet, no longer on the address.
    const inFlight = await health();
    expect(inFlight).toMatchObject({ ok: true, owedOnChain: healthBefore.owedOnChain });
    expect(inFlight.hotWallet).toBe(healthBefore.hotWallet + 250);
    expect(inFlight.onDepositAddresses).toBe(healthBefore.onDepositAddresses - 250);

    await t.chain.mine(1);
    expect(await s.tick()).toMatchObject({ done: 1 });
    expect((await sweepsOf(user.address)).map((r) => r.status)).toEqual(['done']);
    expect(await health()).toEqual(inFlight);
    // Nothing more to do: the next run starts nothing and sends nothing.
    expect(await s.tick()).toEqual({ started: 0, transfersSigned: 0, resent: 0, done: 0, failed: 0 });
    expect(await nonceOf(hotWallet())).toBe(hotNonceBefore + 1);
    await expectLedgerInvariants(t.pool);
  });

  it('sweeps once when the deposit-sweep job runs twice each time', async () => {
    const user = await depositor(150);
    const logged: string[] = [];
    const scheduler = new Scheduler(t.clock, {
      info: (details, message) => logged.push(`${(details as { job: string }).job} ${message}`),
      debug: () => undefined,
      error: (details, message) => logged.push(`${(details as { job: string }).job} ${message}`),
    });
    registerWalletJobs(scheduler, t.wallet, 60_000, 60_000);
    expect(scheduler.names()).toContain(DEPOSIT_SWEEP_JOB);
    const hotBefore = await t.chain.balanceOf(hotWallet());
    const hotNonceBefore = await nonceOf(hotWallet());
    const twice = async () => {
      await scheduler.runNow(DEPOSIT_SWEEP_JOB);
      await scheduler.runNow(DEPOSIT_SWEEP_JOB);
    };
    await twice();
    await t.chain.mine(1);
    await twice();
    await t.chain.mine(1);
    await twice();
    expect((await sweepsOf(user.address)).map((r) => r.status)).toEqual(['done']);
    expect(await t.chain.balanceOf(hotWallet())).toBe(hotBefore + usdt(150));
    expect(await t.chain.balanceOf(user.address)).toBe(0n);
    expect(await nonceOf(hotWallet())).toBe(hotNonceBefore + 1); // one top-up
    expect(await nonceOf(user.address)).toBe(1); // one transfer
    expect(logged).toEqual(Array(6).fill(`${DEPOSIT_SWEEP_JOB} job ran`));
    await scheduler.stop();
  });

  it('sends exactly once when the server stops between signing and broadcasting, top-up and transfer alike', async () => {
    const user = await depositor(300);
    const hotBefore = await t.chain.balanceOf(hotWallet());
    const hotNonceBefore = await nonceOf(hotWallet());
    // Signed and stored, but the broadcasts never reach the node (nothing listens there).
    const deadEnd = sweeper({ broadcastTo: `http://127.0.0.1:${await findFreePort()}` });
    const restarted = sweeper();

    await deadEnd.tick();
    const [stored] = await sweepsOf(user.address);
    expect(stored).toMatchObject({ status: 'topup', topupNonce: hotNonceBefore });
    expect(await t.chain.reader.getTransaction({ hash: stored!.topupTxHash as Hex }).catch(() => null)).toBeNull();
    expect(await nonceOf(hotWallet())).toBe(hotNonceBefore);
    // The restarted server sends the stored bytes: the same transaction, with the nonce stored for it.
    await restarted.tick();
    await restarted.tick();
    let [row] = await sweepsOf(user.address);
    expect(row).toMatchObject({
      status: 'topup',
      topupRawTx: stored!.topupRawTx,
      topupTxHash: stored!.topupTxHash,
      topupNonce: stored!.topupNonce,
    });
    expect(row!.broadcastCount).toBeGreaterThanOrEqual(2);
    expect(await nonceOf(hotWallet())).toBe(hotNonceBefore + 1);

    // Top-up confirmed; the transfer is signed and stored, then the server stops again before it is sent.
    await t.chain.mine(1);
    await deadEnd.tick();
    [row] = await sweepsOf(user.address);
    expect(row!.status).toBe('sweep');
    const signedTransfer = { raw: row!.sweepRawTx, hash: row!.sweepTxHash, nonce: row!.sweepNonce };
    expect(await t.chain.balanceOf(user.address)).toBe(usdt(300));
    await restarted.tick();
    await restarted.tick();
    await t.chain.mine(1);
    await restarted.tick();
    [row] = await sweepsOf(user.address);
    expect(row).toMatchObject({
      status: 'done',
      sweepRawTx: signedTransfer.raw,
      sweepTxHash: signedTransfer.hash,
      sweepNonce: signedTransfer.nonce,
    });
    expect(await t.chain.balanceOf(user.address)).toBe(0n);
    expect(await t.chain.balanceOf(hotWallet())).toBe(hotBefore + usdt(300));
    expect(await nonceOf(user.address)).toBe(1);
    expect(await nonceOf(hotWallet())).toBe(hotNonceBefore + 1);
    expect(await sweepsOf(user.address)).toHaveLength(1);
  });

  it('leaves an address below the minimum alone until its completed deposits reach it', async () => {
    const user = await depositor(99);
    const s = sweeper();
    expect(await s.tick()).toMatchObject({ started: 0 });
    expect(await sweepsOf(user.address)).toEqual([]);
    // A deposit still confirming does not count.
    await t.chain.send(user.address, usdt(1));
    await t.wallet.watcher.tick();
    expect(await s.tick()).toMatchObject({ started: 0 });
    await t.chain.mine(1);
    await t.wallet.watcher.tick();
    // Now 100 USDT of completed deposits.
    expect(await s.tick()).toMatchObject({ started: 1 });
    await t.chain.mine(1);
    await s.tick();
    await t.chain.mine(1);
    await s.tick();
    expect(await sweepsOf(user.address)).toEqual([
      expect.objectContaining({ status: 'done', amountUnits: `${usdt(100)}` }),
    ]);
    expect(await t.chain.balanceOf(user.address)).toBe(0n);
  });

  it('sends no top-up to an address that already holds gas, and alerts nobody', async () => {
    const user = await depositor(120);
    await t.chain.control.setBalance({ address: user.address, value: 10n ** 18n });
    const alertsBefore = (await chainWatch.listChainAlerts(t.pool, 100)).length;
    const hotNonceBefore = await nonceOf(hotWallet());
    const s = sweeper();
    expect(await s.tick()).toMatchObject({ started: 1 });
    const [row] = await sweepsOf(user.address);
    expect(row).toMatchObject({ status: 'sweep', topupRawTx: null, topupNonce: null, sweepNonce: 0 });
    await t.chain.mine(1);
    expect(await s.tick()).toMatchObject({ done: 1 });
    expect(await nonceOf(hotWallet())).toBe(hotNonceBefore);
    expect(await t.chain.balanceOf(user.address)).toBe(0n);
    expect((await chainWatch.listChainAlerts(t.pool, 100)).length).toBe(alertsBefore);
    expect((await health()).ok).toBe(true);
    await expectLedgerInvariants(t.pool);
  });

  it('is off, and says so at start, when no key signs for the deposit addresses; a key of other addresses is refused', async () => {
    const said: string[] = [];
    const start = (overrides: { xprv?: string }) =>
      startWallet({
        config: { ...t.chainConfig, depositAccountXprv: overrides.xprv },
        dataDir: t.config.dataDir,
        pool: t.pool,
        clock: t.clock,
        ledger: t.ledger,
        demoMnemonic: undefined, // production: no seed, only the xpub
        depositXpub: accountXpubFromMnemonic(TEST_MNEMONIC),
        log: () => undefined,
        info: (message) => said.push(message),
      });
    const withoutKey = await start({});
    expect(withoutKey.sweeper).toBeNull();
    expect(said).toEqual([expect.stringMatching(/^sweeping of deposit addresses is OFF: no DEPOSIT_XPRV is set/)]);
    const scheduler = new Scheduler(t.clock);
    registerWalletJobs(scheduler, withoutKey, 60_000, 60_000);
    expect(scheduler.names()).not.toContain(DEPOSIT_SWEEP_JOB);
    // It still tells ledger health what is on the deposit addresses.
    expect(await withoutKey.depositAddressTokens()).toBe(await t.wallet.depositAddressTokens());
    await withoutKey.stop();

    // A DEPOSIT_XPRV of other addresses than the users' stops the start (loadConfig refuses it before that too).
    const others = HDKey.fromMasterSeed(mnemonicToSeedSync(LOCAL_CHAIN_MNEMONIC)).derive(DEPOSIT_ACCOUNT_PATH);
    await expect(start({ xprv: others.privateExtendedKey })).rejects.toThrow(/does not belong to their xpub/);
  });
});
