import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../trading/helpers/ledger-invariants.ts';
import { TestClient } from '../ws/helpers.ts';
import { BUS_URL, natsReachable, TestCluster, type ClusterNode } from './cluster-helpers.ts';

// #19: one engine, one standby, two api+ws nodes over NATS. Orders through either API node reach both nodes' depth
// streams and the placer's user stream; `kill -9` of the active engine during a stream of orders: the standby serves
// within 5 s, every acknowledged order is stored exactly once, and the ledger holds.

const natsUp = await natsReachable();
if (!natsUp) console.warn(`cluster tests skipped: no NATS answers at ${BUS_URL} (CI runs one on 127.0.0.1:4222)`);

let cluster: TestCluster;
let activeEngine: ClusterNode;
let standby: ClusterNode;
let nodeA: ClusterNode;
let nodeB: ClusterNode;
let token: string;

interface Ack {
  no: number;
  price: string;
  node: string;
}

function order(node: ClusterNode, price: string) {
  return node.call<{ no: number }>('POST', '/order/registerOrder', token, {
    leverage: 1,
    volume: '0.001',
    type: 2,
    position: 1,
    orderPath: 1,
    price,
  });
}

describe.skipIf(!natsUp)('a cluster over NATS', () => {
  beforeAll(async () => {
    cluster = await TestCluster.create({ ENGINE_TIMEOUT_MS: '2000' });
    activeEngine = await cluster.start('engine');
    await activeEngine.printed('engine: active');
    standby = await cluster.start('engine');
    nodeA = await cluster.start('api,ws,jobs');
    nodeB = await cluster.start('api,ws');
    await standby.printed('engine: standby');
    token = await nodeA.waitUntilReady();
    await nodeB.waitUntilReady();
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('shows an order placed through one API node in both nodes depth streams and in the placer user stream', async () => {
    const depthA = await TestClient.connect(`ws://127.0.0.1:${nodeA.port}/ws`);
    const depthB = await TestClient.connect(`ws://127.0.0.1:${nodeB.port}/ws`);
    const user = await TestClient.connect(`ws://127.0.0.1:${nodeB.port}/ws`);
    depthA.subscribe('depth');
    depthB.subscribe('depth');
    depthB.subscribe('tickers', 'ALL');
    user.send({ type: 'auth', token });
    await user.waitFor('auth');
    const placed = await order(nodeA, '41234.5');
    expect(placed.code, placed.message).toBe(0);
    const showsBid = (client: TestClient) =>
      client.messages.some(
        (message) =>
          message.type === 'depth' &&
          (message.data as { b: Array<[number, number]> }).b.some(([price]) => price === 41_234.5),
      );
    const deadline = Date.now() + 5_000;
    while (!(showsBid(depthA) && showsBid(depthB)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(showsBid(depthA), 'node A depth stream').toBe(true);
    expect(showsBid(depthB), 'node B depth stream').toBe(true);
    expect((await depthB.waitFor('tickers', 1, 5_000))[0]).toMatchObject({ symbol: 'ALL' });
    const events = await user.waitFor('user', 1, 5_000);
    const orderEvent = events.find((event) => event.event === 'order');
    expect(orderEvent?.data).toMatchObject({ no: placed.data!.no, price: 41_234.5, status: 'open' });
    for (const client of [depthA, depthB, user]) client.socket.close();
  }, 30_000);

  it('fails over: the standby serves within 5 s of kill -9, every acknowledged order stored once, ledger whole', async () => {
    const acks: Ack[] = [];
    const outcomes = new Map<number, number>();
    let sequence = 0;
    let killedAt = 0;
    let firstAckAfterKill = 0;
    const worker = async (node: ClusterNode, until: () => boolean) => {
      while (!until()) {
        sequence += 1;
        const price = (30_000 + sequence / 10).toFixed(1);
        const sentAt = Date.now();
        const answer = await order(node, price).catch(() => ({ code: -1, message: 'no answer', data: null }));
        outcomes.set(answer.code, (outcomes.get(answer.code) ?? 0) + 1);
        if (answer.code === 0) {
          acks.push({ no: answer.data!.no, price, node: node.roles });
          if (killedAt && sentAt >= killedAt && !firstAckAfterKill) firstAckAfterKill = Date.now();
        } else expect([1007, 1009, 1010, -1], answer.message).toContain(answer.code);
      }
    };
    const enoughAfterKill = () =>
      killedAt > 0 && acks.filter((ack) => ack.no > 0).length >= 60 && firstAckAfterKill > 0;
    const deadline = Date.now() + 60_000;
    const done = () => enoughAfterKill() || Date.now() > deadline;
    const workers = [worker(nodeA, done), worker(nodeB, done), worker(nodeA, done), worker(nodeB, done)];
    while (acks.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));
    await activeEngine.killHard();
    killedAt = Date.now();
    await Promise.all(workers);

    console.log(
      `failover: ${acks.length} orders acknowledged, first one sent after the kill acknowledged ` +
        `${firstAckAfterKill - killedAt} ms after it; answers by code ${JSON.stringify(Object.fromEntries(outcomes))}`,
    );
    expect(firstAckAfterKill, `outcomes by code: ${JSON.stringify([...outcomes])}`).toBeGreaterThan(0);
    expect(firstAckAfterKill - killedAt, 'the standby served within 5 s').toBeLessThan(5_000);
    expect(standby.log()).toContain('engine: active');

    const { rows } = await cluster.database.pool.query<{ id: number; price: string; count: number }>(
      'SELECT id, price::text, count(*) OVER (PARTITION BY id) AS count FROM orders WHERE id = ANY($1::bigint[])',
      [acks.map((ack) => ack.no)],
    );
    expect(rows).toHaveLength(acks.length);
    expect(rows.every((row) => Number(row.count) === 1)).toBe(true);
    const stored = new Map(rows.map((row) => [Number(row.id), Number(row.price)]));
    for (const ack of acks) expect(stored.get(ack.no), `order ${ack.no}`).toBe(Math.round(Number(ack.price) * 100)); // ticks of 0.01 USDT
    await expectLedgerInvariants(cluster.database.pool);
  }, 120_000);

  it('serves /metrics in Prometheus text on every process', async () => {
    for (const node of [standby, nodeA, nodeB]) {
      const response = await fetch(`http://127.0.0.1:${node.port}/metrics`);
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = await response.text();
      expect(text).toMatch(/^# HELP tickline_process_roles /m);
      expect(text).toMatch(/^tickline_bus_published_total \d+$/m);
    }
    const engineText = await (await fetch(`http://127.0.0.1:${standby.port}/metrics`)).text();
    expect(engineText).toMatch(/^tickline_engine_active 1$/m);
    expect(engineText).toMatch(/^tickline_sequencer_queue_depth \d+$/m);
    const nodeText = await (await fetch(`http://127.0.0.1:${nodeA.port}/metrics`)).text();
    expect(nodeText).toMatch(/^tickline_ws_clients \d+$/m);
  }, 30_000);
});
