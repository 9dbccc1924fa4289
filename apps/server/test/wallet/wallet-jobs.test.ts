import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { systemClock } from '../../src/clock.ts';
import { DEPOSIT_WATCH_JOB, registerWalletJobs, WITHDRAWAL_DESK_JOB } from '../../src/jobs/wallet-jobs.ts';
import { Scheduler } from '../../src/jobs/scheduler.ts';
import { usdt } from './helpers/test-chain.ts';
import { createWalletTestApp, type WalletTestApp } from './helpers/wallet-app.ts';

let t: WalletTestApp;
let scheduler: Scheduler;
const ran: string[] = [];

beforeAll(async () => {
  t = await createWalletTestApp();
  scheduler = new Scheduler(systemClock, {
    info: () => undefined,
    error: () => undefined,
    debug: (details) => ran.push((details as { job: string }).job),
  });
  registerWalletJobs(scheduler, t.wallet, 50);
  scheduler.start();
});

afterAll(async () => {
  await scheduler?.stop();
  await t?.close();
});

describe('the wallet jobs on the scheduler', () => {
  it('credit a deposit by themselves once it has its confirmations, and keep the desk running', async () => {
    const member = await t.member();
    const heard: unknown[] = [];
    const stop = t.wallet.userEvents.on((userId, event, data) => {
      if (userId === member.userId) heard.push({ event, data });
    });
    await t.chain.send(member.address as Address, usdt(25));
    await t.chain.mine(2);
    await expect.poll(() => t.ledger.spot(member.userId), { timeout: 15_000 }).toBe(25_000_000);
    expect(ran).toContain(DEPOSIT_WATCH_JOB);
    expect(ran).toContain(WITHDRAWAL_DESK_JOB);
    // More runs credit nothing more.
    const runs = ran.length;
    await expect.poll(() => ran.length, { timeout: 5_000 }).toBeGreaterThan(runs + 4);
    expect(t.ledger.spot(member.userId)).toBe(25_000_000);
    // The member's screens heard of the deposit while it was confirming and when it completed.
    expect(heard.length).toBeGreaterThanOrEqual(1);
    expect(heard).toContainEqual({ event: 'wallet', data: { kind: 'deposit' } });
    stop();
  });
});
