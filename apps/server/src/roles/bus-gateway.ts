import type { FastifyInstance } from 'fastify';
import type { EngineEvent } from '@tickline/engine';
import type { Config } from '../config.ts';
import { SUBJECTS, decodeJson, type Bus } from '../services/bus/bus.ts';
import type { MetricsRegistry } from '../services/metrics/registry.ts';
import { attachFstream } from '../fapi/streams.ts';
import { WsGateway } from '../ws/gateway.ts';
import { DEFAULT_GATEWAY_LIMITS } from '../ws/gateway-limits.ts';
import { sessionTokenVerifier } from '../ws/runtime.ts';
import { publishUserBatch } from '../ws/user-events.ts';
import { BusMarketHub } from './market-relay.ts';
import { gatewayMetrics, userSubjectMetrics } from './metrics.ts';
import { UserSubjects, type UserMessage } from './user-subjects.ts';

type BatchListener = (batch: { events: readonly EngineEvent[] }) => void;

/**
 * A cluster's websocket node: its gateway and /fstream fed by the engine node's publications (the market on one
 * subject, each user's events on that user's subject while the user has a stream here) and the sessions ended
 * anywhere.
 */
export function startBusGateway(
  app: FastifyInstance,
  bus: Bus,
  config: Config,
  metrics: MetricsRegistry,
  stops: Array<() => Promise<void>>,
): void {
  const hub = new BusMarketHub(
    bus,
    config.markets.map((market) => market.symbol),
  );
  const fstreamListeners = new Set<BatchListener>();
  const deliver = (userId: number, message: UserMessage) => {
    if ('wallet' in message) {
      for (const [event, data] of message.wallet) gateway.publishToUser(userId, event, data);
      return;
    }
    publishUserBatch(userId, message.batch, (user, event, data, symbol) =>
      gateway.publishToUser(user, event, data, symbol),
    );
    for (const listener of fstreamListeners) listener(message.batch);
  };
  const subjects = new UserSubjects(bus, deliver);
  const gateway = new WsGateway({
    hub,
    verifyToken: sessionTokenVerifier(app.context),
    limits: DEFAULT_GATEWAY_LIMITS,
    presence: subjects,
  });
  gateway.attach(app.server);
  // /fapi user data streams (listen keys) read the same users' parts of the committed batches.
  const committed = {
    onCommitted(listener: BatchListener) {
      fstreamListeners.add(listener);
      return () => void fstreamListeners.delete(listener);
    },
  };
  const stopFstream = attachFstream(app, hub, committed, subjects);
  const stopEnded = bus.subscribe(SUBJECTS.sessionsEnded, (data) => gateway.endSessions(decodeJson<string[]>(data)));
  gatewayMetrics(metrics, gateway);
  userSubjectMetrics(metrics, subjects);
  stops.push(async () => {
    stopEnded();
    await stopFstream();
    await gateway.close();
    subjects.close();
  });
}
