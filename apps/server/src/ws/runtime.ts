/**
 * Wires the websocket gateway into the server: attaches it to the API's HTTP server at /ws (and a second port when
 * configured), verifies tokens with the accounts module, and connects the trading core: committed batches feed the
 * market (order book, trades, last price) and the users' streams.
 */
import type { Server } from 'node:http';
import type { Exchange } from '@tickline/engine';
import { authenticate } from '../app/accounts/sessions.ts';
import type { Sequencer } from '../app/trading/sequencer.ts';
import type { AppContext } from '../context.ts';
import { EngineMarketBridge } from '../services/market/engine-bridge.ts';
import type { MarketLogger } from '../services/market/logger.ts';
import type { MarketService } from '../services/market/market-service.ts';
import { WsGateway, type VerifyToken } from './gateway.ts';
import { publishCommittedBatch } from './user-events.ts';

export interface RunningGateway {
  gateway: WsGateway;
  close(): Promise<void>;
}

/** A token is valid when it belongs to a live session (the same check as `requireUser`). */
export function sessionTokenVerifier(context: AppContext): VerifyToken {
  return async (token) => {
    try {
      const user = await authenticate(context, token);
      return { userId: user.id };
    } catch {
      return null;
    }
  };
}

export async function startWebsocketGateway(options: {
  server: Server;
  market: MarketService;
  verifyToken: VerifyToken;
  /** The trading core; without it the market runs on the index alone and nobody gets user events. */
  sequencer?: Sequencer<Exchange>;
  wsPort?: number | null;
  host?: string;
  logger?: MarketLogger;
}): Promise<RunningGateway> {
  const gateway = new WsGateway({ feed: options.market, verifyToken: options.verifyToken, logger: options.logger });
  gateway.attach(options.server);
  let detach = (): void => undefined;
  if (options.sequencer) {
    const sequencer = options.sequencer;
    const bridge = new EngineMarketBridge({
      readDepth: (levels) => sequencer.read((engine) => engine.depth(levels)),
      logger: options.logger,
    });
    options.market.attachDepthSource(bridge);
    options.market.attachTradeSource(bridge);
    options.market.attachLastPriceSource(bridge);
    detach = sequencer.onCommitted((batch) => {
      bridge.handleEvents(batch.events);
      publishCommittedBatch(batch, (userId, event, data) => gateway.publishToUser(userId, event, data));
    });
    await bridge.refreshDepth();
  }
  if (options.wsPort) await gateway.listen(options.wsPort, options.host);
  return {
    gateway,
    async close() {
      detach();
      await gateway.close();
    },
  };
}
