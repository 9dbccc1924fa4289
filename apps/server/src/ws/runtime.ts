/**
 * Wires the websocket gateway into the server: one pump builds the market payloads; the in-process gateway serves
 * /ws on the API's HTTP server, and the second port (when configured) is served in-process too or, with
 * `wsProcesses` > 1, by that many worker processes (cluster.ts). Tokens are verified with the accounts module, and
 * the trading core is connected: committed batches feed the market (order book, trades, last price) and the users'
 * streams.
 */
import type { Server } from 'node:http';
import type { Exchange } from '@tickline/engine';
import type { UserEventKind } from '@tickline/protocol';
import type { SessionRevocations } from '../app/accounts/session-revocations.ts';
import { authenticate } from '../app/accounts/sessions.ts';
import type { Sequencer } from '../services/sequencer/sequencer.ts';
import type { AppContext } from '../app/context.ts';
import { EngineMarketBridge } from '../services/market/engine-bridge.ts';
import type { MarketLogger } from '../services/market/logger.ts';
import type { MarketService } from '../services/market/market-service.ts';
import { WsCluster } from './cluster.ts';
import { WsGateway } from './gateway.ts';
import { DEFAULT_GATEWAY_LIMITS, type VerifyToken, type WsRequests } from './gateway-limits.ts';
import { MarketPump, type MarketHub } from './pump.ts';
import { publishCommittedBatch } from './user-events.ts';

export interface RunningGateway {
  gateway: WsGateway;
  /** The worker processes serving the websocket port, when there are several. */
  cluster: WsCluster | null;
  /** The market pump, for other protocols' sinks (the Binance-compatible /fstream, #31). */
  hub: MarketHub;
  close(): Promise<void>;
}

/** A token is valid when it belongs to a live session (the same check as `requireUser`). */
export function sessionTokenVerifier(context: AppContext): VerifyToken {
  return async (token) => {
    try {
      const user = await authenticate(context, token);
      return { userId: user.id, sessionId: user.sessionId, expiresAtMs: user.expiresAtMs, principal: user };
    } catch {
      return null;
    }
  };
}

export async function startWebsocketGateway(options: {
  server: Server;
  market: MarketService;
  verifyToken: VerifyToken;
  /** The route table over the socket (route-requests.ts), for the gateway here and the workers' connections. */
  requests?: WsRequests;
  /** The trading core; without it the market runs on the index alone and nobody gets user events. */
  sequencer?: Sequencer<Exchange>;
  wsPort?: number | null;
  /** Processes serving `wsPort`: 1 = this one; more = that many workers. */
  wsProcesses?: number;
  host?: string;
  logger?: MarketLogger;
  /** Sessions ended by the API: their user streams end on every websocket process. */
  sessionRevocations?: SessionRevocations;
  /** User events from outside the sequencer's batches (the wallet's deposit and withdrawal changes, its alarms). */
  userEvents?: { on(listener: (userId: number, event: UserEventKind, data: unknown) => void): () => void };
}): Promise<RunningGateway> {
  const pump = new MarketPump(options.market, DEFAULT_GATEWAY_LIMITS);
  const { verifyToken, requests, logger } = options;
  const gateway = new WsGateway({ hub: pump, verifyToken, requests, logger });
  gateway.attach(options.server);
  const cluster =
    options.wsPort && (options.wsProcesses ?? 1) > 1
      ? new WsCluster({
          hub: pump,
          verifyToken,
          requests,
          symbols: options.market.symbols(),
          processes: options.wsProcesses!,
          port: options.wsPort,
          host: options.host,
          logger: options.logger,
        })
      : null;
  const stopEndingSessions = options.sessionRevocations?.on((sessionIds) => {
    gateway.endSessions(sessionIds);
    cluster?.endSessions(sessionIds);
  });
  const publish = (userId: number, event: UserEventKind, data: unknown, symbol?: string) => {
    gateway.publishToUser(userId, event, data, symbol);
    cluster?.publishToUser(userId, event, data, symbol);
  };
  const stopUserEvents = options.userEvents?.on(publish);
  let detach = (): void => undefined;
  if (options.sequencer) {
    const sequencer = options.sequencer;
    const bridge = new EngineMarketBridge({
      readDepth: (levels, symbol) => sequencer.read((engine) => engine.depth(levels, symbol)),
      logger: options.logger,
    });
    options.market.attachDepthSource(bridge);
    options.market.attachTradeSource(bridge);
    options.market.attachLastPriceSource(bridge);
    detach = sequencer.onCommitted((batch) => {
      bridge.handleEvents(batch.events);
      publishCommittedBatch(batch, publish);
    });
    for (const symbol of options.market.symbols()) await bridge.refreshDepth(symbol);
  }
  if (cluster) await cluster.start();
  else if (options.wsPort) await gateway.listen(options.wsPort, options.host);
  return {
    gateway,
    cluster,
    hub: pump,
    async close() {
      stopEndingSessions?.();
      stopUserEvents?.();
      detach();
      await cluster?.close();
      await gateway.close();
      pump.close();
    },
  };
}
