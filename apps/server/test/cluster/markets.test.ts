import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/app/demo/seed.ts';
import { TestClient, type Received } from '../ws/helpers.ts';
import {
  clusterTestsRun,
  startEngineAndTwoNodes,
  until,
  type ClusterNode,
  type TestCluster,
} from './cluster-helpers.ts';

// #34: the engine node's market relay publishes every configured market, not BTCUSDT alone. An ETHUSDT trade placed
// through one API node reaches the depth and trade streams of a client on the other websocket node; SOLUSDT's
// ticker too, and a market that is not configured is refused there as on a single node. A closed ETH position's user
// event (data null) names its market on the other node too (the message's `symbol`, carried over the bus).

const natsUp = await clusterTestsRun();

let cluster: TestCluster;
let nodeA: ClusterNode;
let nodeB: ClusterNode;

describe.skipIf(!natsUp)('every market across a cluster over NATS', () => {
  beforeAll(async () => {
    ({ cluster, nodeA, nodeB } = await startEngineAndTwoNodes({ ENGINE_TIMEOUT_MS: '2000' }));
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('brings an ETHUSDT trade placed on one node to the depth and trade streams of a client on the other', async () => {
    const client = await TestClient.connect(`ws://127.0.0.1:${nodeB.port}/ws`);
    for (const stream of ['depth', 'trade']) client.subscribe(stream, 'ETHUSDT');
    client.subscribe('ticker', 'SOLUSDT');
    client.subscribe('depth', 'DOGEUSDT');
    await client.waitFor('subscribed', 3, 5_000);
    expect((await client.waitFor('error', 1, 5_000))[0]).toMatchObject({ code: 7001 });

    const login = async (userid: string) =>
      (await nodeA.call<{ accessToken: string }>('POST', '/auth/login', undefined, { userid, password: DEMO_PASSWORD }))
        .data!.accessToken;
    const [maker, taker] = [await login('partner2@tickline.dev'), await login('demo@tickline.dev')];
    const market = await nodeA.call<{ markPrice: number }>('GET', '/market/futures?symbol=ETHUSDT');
    expect(market.code, market.message).toBe(0);
    // Two decimals, as the price is sent: the mark rounded to a whole cent.
    const price = market.data!.markPrice.toFixed(2);
    const place = (token: string, position: number, volume: string, at: string) =>
      nodeA.call<{ no: number }>('POST', '/order/registerOrder', token, {
        symbol: 'ETHUSDT',
        leverage: 1,
        volume,
        type: 2,
        position,
        orderPath: 1,
        price: at,
      });
    // Floor: a cent under 99 % of the mark, left resting on the book.
    const restingBid = (Math.floor(market.data!.markPrice * 99) / 100).toFixed(2);
    for (const [token, position, volume, at] of [
      [maker, 2, '0.05', price],
      [taker, 1, '0.05', price],
      [maker, 1, '0.02', restingBid],
    ] as const) {
      const placed = await place(token, position, volume, at);
      expect(placed.code, placed.message).toBe(0);
    }

    const ofEth = (type: string) =>
      client.messages.filter((message: Received) => message.type === type && message.symbol === 'ETHUSDT');
    await until('the ETH trade on node B', () =>
      ofEth('trade').some((message) => (message.data as Array<{ price: number }>).some((t) => t.price === +price)),
    );
    await until('the resting ETH bid on node B', () =>
      ofEth('depth').some((message) =>
        (message.data as { b: number[][] }).b.some(([level]) => level === Number(restingBid)),
      ),
    );
    await until('the SOL ticker on node B', () =>
      client.messages.some((message) => message.type === 'ticker' && message.symbol === 'SOLUSDT'),
    );
    client.socket.close();

    // The taker's ETH long closed, on the user stream of node B: the event's data is null, its message names ETHUSDT.
    const user = await TestClient.connect(`ws://127.0.0.1:${nodeB.port}/ws`);
    user.send({ type: 'auth', token: taker });
    await user.waitFor('auth', 1, 5_000);
    for (const [token, position] of [
      [taker, 2],
      [maker, 1],
    ] as const) {
      const placed = await place(token, position, '0.05', price);
      expect(placed.code, placed.message).toBe(0);
    }
    await until('the closed ETH position on node B', () =>
      user.messages.some((message) => message.type === 'user' && message.event === 'position' && message.data === null),
    );
    const positions = user.messages.filter((message) => message.type === 'user' && message.event === 'position');
    expect(positions.at(-1)).toMatchObject({ event: 'position', symbol: 'ETHUSDT', data: null });
    const orders = user.messages.filter((message) => message.type === 'user' && message.event === 'order');
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((message) => message.symbol === 'ETHUSDT')).toBe(true);
    user.socket.close();
  }, 60_000);
});
