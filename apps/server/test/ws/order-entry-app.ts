// The real app listening on loopback with the websocket gateway wired as the platform wires it (ws/runtime.ts): its
// tokens checked by the accounts module, the route table's requests, sessions ended by the API ending sign-ins.
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { GatewayLimits } from '../../src/ws/gateway-limits.ts';
import { WsGateway } from '../../src/ws/gateway.ts';
import { routeRequests } from '../../src/ws/route-requests.ts';
import { sessionTokenVerifier } from '../../src/ws/runtime.ts';
import { createTestApp, createTestClock, type TestAppOverrides } from '../helpers/test-app.ts';
import type { TradingTestApp } from '../trading/helpers/trading-app.ts';
import { FakeFeed } from './helpers.ts';

const PRICE = 5_000_000; // 50,000.00 USDT in ticks

export interface OrderEntryApp {
  t: TradingTestApp;
  gateway: WsGateway;
  /** ws://127.0.0.1:port/ws */
  url: string;
  /** http://127.0.0.1:port */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startOrderEntryApp(
  options: {
    config?: TestAppOverrides['config'];
    limits?: Partial<GatewayLimits>;
    /** Where the app's clock starts (worker processes, on their own clock, need it near the real time). */
    startMs?: number;
  } = {},
): Promise<OrderEntryApp> {
  const clock = createTestClock(options.startMs ?? Date.UTC(2026, 10, 21, 3, 0, 10));
  const t = await createTestApp({ clock, config: options.config });
  expect((await t.sequencer.submit({ type: 'priceTick', indexPrice: PRICE, markPrice: PRICE })).ok).toBe(true);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const gateway = new WsGateway({
    feed: new FakeFeed(),
    verifyToken: sessionTokenVerifier(t.app.context),
    requests: routeRequests(t.app),
    limits: options.limits,
    clock: () => t.clock.now(),
  });
  gateway.attach(t.app.server);
  t.app.context.sessionRevocations.on((ids) => gateway.endSessions(ids));
  const { port } = t.app.server.address() as AddressInfo;
  return {
    t,
    gateway,
    url: `ws://127.0.0.1:${port}/ws`,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await gateway.close();
      await t.close();
    },
  };
}
