import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '../../src/app/demo/seed.ts';
import { KEY_CHECK_MS } from '../../src/fapi/listen-key-streams.ts';
import { clusterForTests, clusterTestsRun, placeAndCancelBid, until, type ClusterNode } from './cluster-helpers.ts';

// Listen keys shared by the API nodes (#30 follow-up): a key made on one node streams, renews and closes on the
// other, as behind a round-robin load balancer; a DELETE on one node ends the other's stream within one key check.

const natsUp = await clusterTestsRun();

describe.skipIf(!natsUp)('listen keys across the API nodes of a cluster', () => {
  const cluster = clusterForTests();

  it('opens on A, streams, renews on B, closes on A and ends the stream on B', async () => {
    const { nodeA, nodeB } = cluster;
    const login = await nodeA.call<{ accessToken: string }>('POST', '/auth/login', undefined, {
      userid: 'demo@tickline.dev',
      password: DEMO_PASSWORD,
    });
    const token = login.data!.accessToken;
    const created = await nodeA.call<{ apiKey: string }>('POST', '/user/apiKeys', token, {
      label: 'listen keys',
      permissions: ['read', 'trade'],
    });
    expect(created.code, created.message).toBe(0);
    const listenKeyCall = async (node: ClusterNode, method: string, key?: string) => {
      const query = key === undefined ? '' : `?listenKey=${key}`;
      const answer = await fetch(`http://127.0.0.1:${node.port}/fapi/v1/listenKey${query}`, {
        method,
        headers: { 'x-mbx-apikey': created.data!.apiKey },
      });
      return { status: answer.status, body: (await answer.json()) as { listenKey?: string; code?: number } };
    };
    const streamStatus = (node: ClusterNode, key: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${node.port}/fstream/ws/${key}`);
        ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        ws.once('open', () => {
          ws.close();
          resolve(101);
        });
      });

    // An unknown key: refused on both nodes.
    const unknown = 'cd'.repeat(32);
    for (const node of [nodeA, nodeB]) {
      expect(await streamStatus(node, unknown)).toBe(400);
      expect(await listenKeyCall(node, 'PUT', unknown)).toEqual({
        status: 400,
        body: { code: -1125, msg: 'This listenKey does not exist.' },
      });
    }

    const { listenKey } = (await listenKeyCall(nodeA, 'POST')).body;
    expect(listenKey).toMatch(/^[0-9a-f]{64}$/);
    expect((await listenKeyCall(nodeB, 'POST')).body).toEqual({ listenKey });

    // The stream on B carries an order placed and cancelled through A.
    const stream = new WebSocket(`ws://127.0.0.1:${nodeB.port}/fstream/ws/${listenKey}`);
    const events: Array<{ e: string; o?: { i: number; X: string } }> = [];
    stream.on('message', (data) => events.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => stream.once('open', resolve).once('error', reject));
    const no = await placeAndCancelBid(nodeA, token);
    await until('NEW and CANCELED of the order on the stream of node B', () =>
      events.some((event) => event.e === 'ORDER_TRADE_UPDATE' && event.o!.i === no && event.o!.X === 'CANCELED'),
    );
    expect(events.find((event) => event.o?.i === no)).toMatchObject({ o: { X: 'NEW' } });

    // PUT on B renews the key A made: its stored expiry moves on.
    const expiry = async () =>
      (
        await cluster.cluster.database.pool.query<{ expiresAt: Date }>(
          'SELECT expires_at AS "expiresAt" FROM listen_keys WHERE key_hash = encode(sha256($1::bytea), \'hex\')',
          [listenKey],
        )
      ).rows[0]?.expiresAt.getTime();
    const before = await expiry();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await listenKeyCall(nodeB, 'PUT', listenKey)).toEqual({ status: 200, body: { listenKey } });
    expect(await expiry()).toBeGreaterThan(before!);

    // DELETE on A: B's stream ends at its next key check, without listenKeyExpired; the key is gone everywhere.
    const ended = new Promise<number>((resolve) => stream.once('close', () => resolve(Date.now())));
    const deletedAt = Date.now();
    expect(await listenKeyCall(nodeA, 'DELETE')).toEqual({ status: 200, body: {} });
    const endedAt = await ended;
    expect(endedAt - deletedAt).toBeLessThan(KEY_CHECK_MS + 5_000);
    expect(events.filter((event) => event.e === 'listenKeyExpired')).toEqual([]);
    expect(await expiry()).toBeUndefined();
    for (const node of [nodeA, nodeB]) {
      expect(await streamStatus(node, listenKey!)).toBe(400);
      expect((await listenKeyCall(node, 'PUT')).body).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
    }
  }, 60_000);
});
