import { describe, expect, it } from 'vitest';
import { decodeJson, encodeJson } from '../../src/services/bus/bus.ts';
import { NatsBus } from '../../src/services/bus/nats-bus.ts';

// The bus over the real NATS server (BUS_URL, default 127.0.0.1:4222): what a turn hands over is held to the end of
// the turn and goes out in order, answers included; closing hands over what is still held (#30).

const BUS_URL = process.env.BUS_URL ?? 'nats://127.0.0.1:4222';
const subject = (name: string) => `test.nats-bus.${name}.${process.pid}.${Date.now()}`;

describe('the bus over NATS', () => {
  it('delivers a turn’s publications in the order they were made, and counts answers', async () => {
    const [server, client] = [await NatsBus.connect(BUS_URL, 'test server'), await NatsBus.connect(BUS_URL, 'test')];
    try {
      const events = subject('events');
      const ask = subject('ask');
      const seen: number[] = [];
      const all = new Promise<void>((resolve) =>
        client.subscribe(events, (data) => {
          seen.push(decodeJson<number>(data));
          if (seen.length === 50) resolve();
        }),
      );
      server.serve(ask, async (data) => {
        // An answer and publications made at different promise depths of one turn.
        if (decodeJson<number>(data) > 0)
          for (let index = 25; index < 50; index += 1) server.publish(events, encodeJson(index));
        return encodeJson(decodeJson<number>(data) * 2);
      });
      // Each connection's subscriptions are at the server once a round trip of its own came back.
      await server.request(ask, encodeJson(0), 1_000);
      await client.request(subject('none'), encodeJson(0), 1_000).catch(() => undefined);
      for (let index = 0; index < 25; index += 1) server.publish(events, encodeJson(index));
      const answer = await client.request(ask, encodeJson(21), 1_000);
      await all;
      expect(decodeJson<number>(answer)).toBe(42);
      expect(seen.slice(0, 50)).toEqual(Array.from({ length: 50 }, (_, index) => index));
      expect(server.stats.responded).toBe(2);
    } finally {
      await Promise.all([server.close(), client.close()]);
    }
  });

  it('hands over what was published in the turn it closes', async () => {
    const [publisher, listener] = [await NatsBus.connect(BUS_URL, 'test'), await NatsBus.connect(BUS_URL, 'test')];
    const events = subject('closing');
    const seen: number[] = [];
    const both = new Promise<void>((resolve) =>
      listener.subscribe(events, (data) => {
        seen.push(decodeJson<number>(data));
        if (seen.length === 2) resolve();
      }),
    );
    await listener.request(subject('none'), encodeJson(0), 200).catch(() => undefined); // the subscription is on
    publisher.publish(events, encodeJson(1));
    publisher.publish(events, encodeJson(2));
    await publisher.close();
    await both;
    expect(seen).toEqual([1, 2]);
    await listener.close();
  });
});
