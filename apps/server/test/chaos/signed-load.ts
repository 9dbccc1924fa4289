/**
 * The programs' load: traders with an API key (created once, with their session; keys are in PostgreSQL and survive
 * the kills) placing resting orders and cancelling them through signed requests, every order with a client order id
 * of its own, through @tickline/client (which signs, retries 1009 and resolves 1010 by the client order id). Every
 * signed order is written into the book before it is sent, so one cut off by a kill stays known by its id.
 */
import { TicklineClient, TicklineError, type ApiKeyCredentials } from '@tickline/client';
import type { ServerProcess } from '../helpers/server-process.ts';
import { count, type Kind, type Outcome } from './book.ts';
import { CHAOS_MARKETS, limitBody, type Load, type Trader } from './load.ts';

/** Every client order id the load sends starts so (the checks look at no other). */
export const CLIENT_ORDER_ID_PREFIX = 'chaos-';
/** As long as the session load waits for an answer (the helper's fetch timeout). */
const CALL_TIMEOUT_MS = 10_000;

export interface SignedTrader {
  userId: number;
  client: TicklineClient;
  /** Acknowledged signed orders not yet cancelled. */
  open: number[];
}

/** API keys by user id: created on the first start, used in every round after. */
const keys = new Map<number, ApiKeyCredentials>();
let orderSeq = 0;

const baseUrl = (server: ServerProcess) => `http://127.0.0.1:${server.port}`;

/** The trader's API key client: its key created (read and trade) with its session the first time. */
export async function signedTrader(server: ServerProcess, trader: Trader): Promise<SignedTrader> {
  let key = keys.get(trader.userId);
  if (!key) {
    const session = new TicklineClient({ baseUrl: baseUrl(server), auth: { accessToken: trader.token } });
    const created = await session.call('createApiKey', { body: { label: 'chaos', permissions: ['read', 'trade'] } });
    key = { apiKey: created.apiKey, secret: created.secret };
    keys.set(trader.userId, key);
  }
  return { userId: trader.userId, client: new TicklineClient({ baseUrl: baseUrl(server), auth: key }), open: [] };
}

/**
 * Sends one signed call and counts its answer, as `send` of load.ts does: `answered` false when no answer came (a
 * connection error, or no envelope: the server is gone).
 */
async function signedSend<T>(
  load: Load,
  kind: Kind,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<{ outcome: Outcome; answered: boolean; data: T | undefined }> {
  try {
    const data = await call(AbortSignal.timeout(CALL_TIMEOUT_MS));
    return { outcome: count(load.figures, kind, 0), answered: true, data };
  } catch (error) {
    if (error instanceof TicklineError)
      return { outcome: count(load.figures, kind, error.code), answered: true, data: undefined };
    return { outcome: count(load.figures, kind, null), answered: false, data: undefined };
  }
}

/** A signed resting limit order or a signed cancel of one; answers false once the server stopped answering. */
export async function operateSigned(load: Load, trader: SignedTrader): Promise<boolean> {
  const { book, random } = load;
  if (trader.open.length > 0 && random() < 0.45) {
    const no = trader.open.splice(Math.floor(random() * trader.open.length), 1)[0]!;
    const answer = await signedSend(load, 'signed cancels', (signal) =>
      trader.client.call('cancelOrder', { body: { no, symbol: book.orderSymbols.get(no) }, signal }),
    );
    if (answer.outcome === 'acknowledged') book.cancels.add(no);
    return answer.answered;
  }
  const clientOrderId = `${CLIENT_ORDER_ID_PREFIX}${(orderSeq += 1)}`;
  const market = CHAOS_MARKETS[Math.floor(random() * CHAOS_MARKETS.length)]!;
  const price = (market.low + Math.floor(random() * market.span)).toFixed(1);
  const body = { ...limitBody(price), symbol: market.symbol, volume: market.volume, clientOrderId };
  book.signedOrders.set(clientOrderId, { userId: trader.userId, outcome: 'unknown' });
  const answer = await signedSend(load, 'signed orders', (signal) =>
    trader.client.call('placeOrder', { body, signal }),
  );
  const no = answer.data?.no;
  book.signedOrders.set(clientOrderId, { userId: trader.userId, outcome: answer.outcome, no });
  if (answer.outcome === 'acknowledged' && no !== undefined) {
    book.orders.set(no, trader.userId);
    book.orderSymbols.set(no, market.symbol);
    trader.open.push(no);
  }
  return answer.answered;
}
