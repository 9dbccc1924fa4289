import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors.ts';
import { remoteEngineLink } from '../../src/roles/remote-engine.ts';
import { decodeJson, encodeJson, SUBJECTS } from '../../src/services/bus/bus.ts';
import { InProcessBus } from '../../src/services/bus/in-process-bus.ts';

// The API node's side of the engine, on the in-process bus (the same contract as NATS): what each failure answers.

const fund = { type: 'fund', userId: 1, wallet: 'futures', amount: 1_000_000, reason: 'test' } as const;

async function codeOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 0;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('the engine seen from an API node', () => {
  it('sends each command with an idempotency key and answers the engine result', async () => {
    const bus = new InProcessBus();
    const keys: string[] = [];
    bus.serve(SUBJECTS.engineCommand, async (data) => {
      const { key } = decodeJson<{ key: string }>(data);
      keys.push(key);
      return encodeJson({ ok: true, value: { ok: true, value: { applied: key } } });
    });
    const engine = remoteEngineLink(bus, 1_000);
    expect(await engine.submit(fund)).toEqual({ ok: true, value: { applied: keys[0] } });
    await engine.submit(fund, { idempotencyKey: 'funding:1' });
    expect(keys[0]).toMatch(/^api:[0-9a-f-]{36}$/);
    expect(keys[1]).toBe('funding:1');
  });

  it('waits for an engine while none listens (a switch-over), then gives up with 1009: nothing was applied', async () => {
    const bus = new InProcessBus();
    const engine = remoteEngineLink(bus, 700);
    const answered = engine.read('leverage', 1);
    setTimeout(() => bus.serve(SUBJECTS.engineQuery, async () => encodeJson({ ok: true, value: 7 })), 300);
    expect(await answered).toBe(7);
    expect(bus.stats.noResponders).toBeGreaterThan(0);
    expect(await codeOf(remoteEngineLink(new InProcessBus(), 300).submit(fund))).toBe(1009);
  });

  it('answers 1010 when an engine took the command but did not answer in time, and 1007 when it is full', async () => {
    const silent = new InProcessBus();
    silent.serve(SUBJECTS.engineCommand, () => new Promise(() => undefined));
    expect(await codeOf(remoteEngineLink(silent, 200).submit(fund))).toBe(1010);
    const full = new InProcessBus();
    full.serve(SUBJECTS.engineCommand, async () => encodeJson({ ok: false, busy: true }));
    expect(await codeOf(remoteEngineLink(full, 200).submit(fund))).toBe(1007);
  });
});
