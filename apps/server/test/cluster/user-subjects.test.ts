import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '../../src/app/demo/seed.ts';
import { NatsBus } from '../../src/services/bus/nats-bus.ts';
import { UserSubjects, userSubject, type UserMessage } from '../../src/roles/user-subjects.ts';
import { encodeJson } from '../../src/services/bus/bus.ts';
import { TestClient } from '../ws/helpers.ts';
import {
  BUS_URL,
  clusterTestsRun,
  placeAndCancelBid,
  startEngineAndTwoNodes,
  until,
  type ClusterNode,
  type TestCluster,
} from './cluster-helpers.ts';

// User events on a subject per user (#30): a websocket node listens to a user's subject only while the user has a
// stream there (the platform's user stream or a /fapi listen key), so the node that holds the stream gets the events
// and a node without it receives none of them (`tickline_bus_user_messages_received_total`).

const natsUp = await clusterTestsRun();

describe.skipIf(!natsUp)('user subjects over the real NATS server', () => {
  it('subscribes while a stream counts the user, and hears what is published as soon as the join resolved', async () => {
    const engine = await NatsBus.connect(BUS_URL, 'user-subjects test engine');
    const node = await NatsBus.connect(BUS_URL, 'user-subjects test node');
    const heard: Array<[number, UserMessage]> = [];
    const subjects = new UserSubjects(node, (userId, message) => heard.push([userId, message]));
    // User ids no other test uses (theirs are small): the subjects are shared by everything on this NATS server, and
    // a run of this file in another checkout at the same time differs by its process id.
    const base = 900_000_000 + (process.pid % 1_000_000) * 100;
    const message: UserMessage = { wallet: [['balance', { changed: true }]] };
    try {
      // Published by another connection the moment the join resolves: it must arrive, every time.
      for (let user = base; user < base + 20; user += 1) {
        await subjects.join(user);
        engine.publish(userSubject(user), encodeJson(message));
      }
      await until('20 messages', () => heard.length === 20);
      expect(heard.map(([user]) => user)).toEqual(Array.from({ length: 20 }, (_, index) => base + index));
      for (let user = base; user < base + 20; user += 1) subjects.leave(user);
      expect(subjects.size).toBe(0);

      // Two streams of one user: one subscription, kept until both have left.
      const user = base + 50;
      await Promise.all([subjects.join(user), subjects.join(user)]);
      expect(subjects.size).toBe(1);
      subjects.leave(user);
      engine.publish(userSubject(user), encodeJson(message));
      await until('the message for the stream still open', () => heard.length === 21);
      subjects.leave(user);
      await node.flush();
      engine.publish(userSubject(user), encodeJson(message));
      await engine.flush();
      await node.flush();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toHaveLength(21);
      expect(subjects.received).toBe(21);
    } finally {
      subjects.close();
      await engine.close();
      await node.close();
    }
  });
});

let cluster: TestCluster;
let nodeA: ClusterNode;
let nodeB: ClusterNode;

/** One counter of a node's /metrics. */
async function metric(node: ClusterNode, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${node.port}/metrics`)).text();
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  if (line === undefined) throw new Error(`${name} not in the metrics of ${node.roles}`);
  return Number(line.split(' ')[1]);
}

describe.skipIf(!natsUp)('user events of a cluster, a subject per user', () => {
  beforeAll(async () => {
    ({ cluster, nodeA, nodeB } = await startEngineAndTwoNodes({ ENGINE_TIMEOUT_MS: '2000' }));
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('brings a user their events on the node that holds their streams, and none to the node without', async () => {
    const login = await nodeA.call<{ accessToken: string }>('POST', '/auth/login', undefined, {
      userid: 'demo@tickline.dev',
      password: DEMO_PASSWORD,
    });
    const token = login.data!.accessToken;
    // The user stream on node B, and a /fapi user data stream (listen key made on node B) there too.
    const user = await TestClient.connect(`ws://127.0.0.1:${nodeB.port}/ws`);
    user.send({ type: 'auth', token });
    await user.waitFor('auth', 1, 5_000);
    const key = await nodeB.call<{ apiKey: string }>('POST', '/user/apiKeys', token, {
      label: 'stream',
      permissions: ['read', 'trade'],
    });
    expect(key.code, key.message).toBe(0);
    const listen = await fetch(`http://127.0.0.1:${nodeB.port}/fapi/v1/listenKey`, {
      method: 'POST',
      headers: { 'x-mbx-apikey': key.data!.apiKey },
    });
    const { listenKey } = (await listen.json()) as { listenKey: string };
    expect(listenKey).toMatch(/^[0-9a-f]{64}$/);
    const fstream = new WebSocket(`ws://127.0.0.1:${nodeB.port}/fstream/ws/${listenKey}`);
    const fapiEvents: Array<{ e: string; o?: { X: string; i: number } }> = [];
    fstream.on('message', (data) => fapiEvents.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => fstream.once('open', resolve).once('error', reject));
    expect(await metric(nodeB, 'tickline_bus_user_subjects')).toBe(1);
    expect(await metric(nodeA, 'tickline_bus_user_subjects')).toBe(0);
    const receivedByA = await metric(nodeA, 'tickline_bus_user_messages_received_total');

    // Placed and cancelled through node A: the events travel to node B only.
    const placeAndCancel = () => placeAndCancelBid(nodeA, token);
    const no = await placeAndCancel();

    const orderEvents = () =>
      user.messages.filter((message) => message.type === 'user' && message.event === 'order') as unknown as Array<{
        data: { no: number; status: string };
      }>;
    await until('the order and its cancel on the user stream of node B', () =>
      orderEvents().some((message) => message.data.no === no && message.data.status === 'cancelled'),
    );
    expect(orderEvents().filter((message) => message.data.no === no)[0]!.data.status).toBe('open');
    await until('NEW and CANCELED on the /fapi user data stream of node B', () =>
      fapiEvents.some((event) => event.e === 'ORDER_TRADE_UPDATE' && event.o!.i === no && event.o!.X === 'CANCELED'),
    );
    expect(fapiEvents.find((event) => event.o?.i === no)).toMatchObject({ o: { X: 'NEW' } });
    expect(await metric(nodeB, 'tickline_bus_user_messages_received_total')).toBeGreaterThanOrEqual(2);
    expect(await metric(nodeA, 'tickline_bus_user_messages_received_total')).toBe(receivedByA);

    // Both streams closed: node B stops listening and hears nothing of the next order.
    user.socket.close();
    fstream.close();
    await until('node B forgets the user', async () => (await metric(nodeB, 'tickline_bus_user_subjects')) === 0);
    const receivedByB = await metric(nodeB, 'tickline_bus_user_messages_received_total');
    await placeAndCancel();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await metric(nodeB, 'tickline_bus_user_messages_received_total')).toBe(receivedByB);
    expect(await metric(nodeA, 'tickline_bus_user_messages_received_total')).toBe(receivedByA);
  }, 60_000);
});
