import { describe, expect, it } from 'vitest';
import { BusNoResponderError, BusTimeoutError, decodeJson, encodeJson } from '../../src/services/bus/bus.ts';
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

  it('answers each request with its own reply, and refuses at once when no one serves, on timeout and on close', async () => {
    const [server, client] = [await NatsBus.connect(BUS_URL, 'test server'), await NatsBus.connect(BUS_URL, 'test')];
    try {
      const ask = subject('mux');
      const slow = subject('slow');
      server.serve(ask, async (data) => {
        const value = decodeJson<number>(data);
        // Answered out of order: a later request may be answered first.
        await new Promise((resolve) => setTimeout(resolve, (10 - value) * 3));
        return encodeJson(value * 10);
      });
      server.serve(slow, async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return encodeJson('late');
      });
      await server.request(ask, encodeJson(0), 1_000); // the server's subscriptions are on
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, value) => client.request(ask, encodeJson(value), 2_000)),
      );
      expect(answers.map((answer) => decodeJson<number>(answer))).toEqual(Array.from({ length: 10 }, (_, v) => v * 10));

      const startedAt = Date.now();
      await expect(client.request(subject('nobody'), encodeJson(0), 5_000)).rejects.toBeInstanceOf(BusNoResponderError);
      expect(Date.now() - startedAt).toBeLessThan(1_000);
      expect(client.stats.noResponders).toBe(1);

      await expect(client.request(slow, encodeJson(0), 100)).rejects.toBeInstanceOf(BusTimeoutError);
      expect(client.stats.timeouts).toBe(1);
      // Its late answer is dropped; the next request still gets its own.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(decodeJson<number>(await client.request(ask, encodeJson(3), 1_000))).toBe(30);

      const refused = expect(client.request(slow, encodeJson(0), 5_000)).rejects.toBeInstanceOf(BusTimeoutError);
      await client.close();
      await refused;
      expect(client.stats.requests).toBe(14);
    } finally {
      await server.close();
      await client.close().catch(() => undefined);
    }
  });
});
