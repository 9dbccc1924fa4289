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

  it('sends the commands of one event-loop turn as one message and answers each its own reply, in order', async () => {
    const bus = new InProcessBus();
    const messages: Array<Array<{ key: string }>> = [];
    bus.serve(SUBJECTS.engineCommands, async (data) => {
      const bodies = decodeJson<Array<{ key: string }>>(data);
      messages.push(bodies);
      // The second is refused as busy; the others applied.
      return encodeJson(
        bodies.map((body, index) =>
          index === 1 ? { ok: false, busy: true } : { ok: true, value: { ok: true, value: body.key } },
        ),
      );
    });
    const engine = remoteEngineLink(bus, 1_000);
    const answers = [1, 2, 3].map((n) => engine.submit(fund, { idempotencyKey: `k${n}` }));
    expect(await answers[0]).toEqual({ ok: true, value: 'k1' });
    expect(await codeOf(answers[1]!)).toBe(1007);
    expect(await answers[2]).toEqual({ ok: true, value: 'k3' });
    expect(messages).toEqual([
      [
        { command: fund, key: 'k1' },
        { command: fund, key: 'k2' },
        { command: fund, key: 'k3' },
      ],
    ]);
    // Alone in its turn, a command goes out on its own subject as before (served here by the single handler only).
    bus.serve(SUBJECTS.engineCommand, async () => encodeJson({ ok: true, value: { ok: true, value: 'alone' } }));
    expect(await engine.submit(fund)).toEqual({ ok: true, value: 'alone' });
    expect(messages).toHaveLength(1);
  });

  it('fails every command of a message the way one would: 1010 without an answer, 1009 without an engine', async () => {
    const silent = new InProcessBus();
    silent.serve(SUBJECTS.engineCommands, () => new Promise(() => undefined));
    const link = remoteEngineLink(silent, 200);
    expect(await Promise.all([codeOf(link.submit(fund)), codeOf(link.submit(fund))])).toEqual([1010, 1010]);
    const nobody = remoteEngineLink(new InProcessBus(), 300);
    expect(await Promise.all([codeOf(nobody.submit(fund)), codeOf(nobody.read('leverage', 1))])).toEqual([1009, 1009]);
  });

  it('batches named reads too', async () => {
    const bus = new InProcessBus();
    bus.serve(SUBJECTS.engineQueries, async (data) =>
      encodeJson(decodeJson<Array<{ arg: number }>>(data).map((read) => ({ ok: true, value: read.arg * 10 }))),
    );
    const engine = remoteEngineLink(bus, 1_000);
    expect(await Promise.all([engine.read('leverage', 1), engine.read('leverage', 2)])).toEqual([10, 20]);
  });
});
