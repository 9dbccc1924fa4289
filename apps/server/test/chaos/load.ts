/**
 * The traders' mixed load: resting orders (a third of them trigger orders: a stop-limit sell waiting on the mark far
 * below the market, or a trailing stop whose activation price the market does not reach), cancels of their own open
 * orders, one-minute bets, wallet transfers, and
 * withdrawal requests (to a fresh random address each) and cancels of their own waiting ones. Every operation is
 * written into the book before it is sent, so one cut off by a kill stays known as sent with an unknown outcome.
 */
import type { ServerProcess } from '../helpers/server-process.ts';
import { count, type Figures, type Kind, type Ledgerbook, type Outcome } from './book.ts';
import { operateOrderControl } from './order-controls-load.ts';

export interface Trader {
  userid: string;
  userId: number;
  token: string;
  /** Acknowledged orders not yet cancelled. */
  open: number[];
  /** Acknowledged withdrawal requests this trader may still cancel. */
  waiting: number[];
}

export interface Load {
  book: Ledgerbook;
  figures: Figures;
  random: () => number;
}

export const DEMO_PASSWORD = 'Demo1234!';
let transferSeq = 0;

export async function login(server: ServerProcess, userid: string): Promise<Trader> {
  const answer = await server.call<{ accessToken: string }>('POST', '/auth/login', undefined, {
    userid,
    password: DEMO_PASSWORD,
  });
  if (answer.code !== 0) throw new Error(`login of ${userid} failed: ${answer.code} ${answer.message}`);
  const info = await server.call<{ no: number }>('GET', '/user/info', answer.data!.accessToken);
  return { userid, userId: info.data!.no, token: answer.data!.accessToken, open: [], waiting: [] };
}

/** Sends one operation and counts its answer; `answered` false when no answer came (the server is gone). */
export async function send<T>(
  server: ServerProcess,
  load: Load,
  kind: Kind,
  request: { method?: 'GET' | 'POST'; url: string; token: string; body?: unknown },
): Promise<{ outcome: Outcome; answered: boolean; data: T | undefined }> {
  try {
    const answer = await server.call<T>(request.method ?? 'POST', request.url, request.token, request.body);
    return { outcome: count(load.figures, kind, answer.code), answered: true, data: answer.data ?? undefined };
  } catch {
    return { outcome: count(load.figures, kind, null), answered: false, data: undefined };
  }
}

/** The load's limit order: a 0.001 BTC long at 1×. */
export function limitBody(price: string) {
  return { leverage: 1, volume: '0.001', type: 2, priceType: 1, position: 1, orderPath: 1, price };
}

/**
 * The markets the load's resting orders are spread over (#34), each a long at 1× well under its market (about a third
 * to a half of the simulated reference price, as BTCUSDT's were) and a trailing stop's activation price it never
 * reaches (under the market's highest price): `low` + up to `span` whole USDT, `volume` above the minimum notional.
 */
export const CHAOS_MARKETS = [
  { symbol: 'BTCUSDT', low: 20_000, span: 10_000, volume: '0.001', activation: '200000' },
  { symbol: 'ETHUSDT', low: 800, span: 400, volume: '0.01', activation: '20000' },
  { symbol: 'SOLUSDT', low: 50, span: 25, volume: '1', activation: '2000' },
] as const;

/** Trigger fields for a third of the orders (#32 item 3): they wait in the engine, stored and restored as orders. */
function triggerFields(random: () => number, price: string, activationPrice: string) {
  const pick = random();
  if (pick < 0.2) return { position: 2, triggerType: 'stop', triggerBy: 'mark', triggerPrice: price };
  if (pick < 0.33)
    return {
      position: 2,
      priceType: 2,
      orderPath: 2,
      price: undefined,
      triggerType: 'trailingStop',
      callbackRate: 100,
      activationPrice,
    };
  return {};
}

/** A resting limit order in a market picked at random; answers false once the server stopped answering. */
export async function placeOrder(server: ServerProcess, load: Load, trader: Trader): Promise<boolean> {
  const market = CHAOS_MARKETS[Math.floor(load.random() * CHAOS_MARKETS.length)]!;
  const price = (market.low + Math.floor(load.random() * market.span)).toFixed(1);
  const body = {
    ...limitBody(price),
    symbol: market.symbol,
    volume: market.volume,
    ...triggerFields(load.random, price, market.activation),
  };
  const answer = await send<{ no: number }>(server, load, 'orders', {
    url: '/order/registerOrder',
    token: trader.token,
    body,
  });
  if (answer.outcome === 'acknowledged') {
    load.book.orders.set(answer.data!.no, trader.userId);
    load.book.orderSymbols.set(answer.data!.no, market.symbol);
    trader.open.push(answer.data!.no);
  }
  return answer.answered;
}

/** One operation chosen at random; answers false once the server stopped answering. */
export async function operate(server: ServerProcess, load: Load, trader: Trader): Promise<boolean> {
  const { book, random } = load;
  const pick = random();
  if (pick < 0.33 || (pick < 0.66 && trader.open.length === 0))
    return random() < 0.25 ? operateOrderControl(server, load, trader) : placeOrder(server, load, trader);
  if (pick < 0.66) {
    const no = trader.open.splice(Math.floor(random() * trader.open.length), 1)[0]!;
    const symbol = book.orderSymbols.get(no);
    const body = { no, ...(symbol ? { symbol } : {}) };
    const answer = await send(server, load, 'cancels', { url: '/order/cancel', token: trader.token, body });
    if (answer.outcome === 'acknowledged') book.cancels.add(no);
    return answer.answered;
  }
  if (pick < 0.76) {
    const body = { symbol: 1, betType: random() < 0.5 ? 1 : 2, volume: '1' };
    const answer = await send<{ no: number }>(server, load, 'bets', {
      url: '/optionOrder/register',
      token: trader.token,
      body,
    });
    if (answer.outcome === 'acknowledged') book.bets.set(answer.data!.no, trader.userId);
    return answer.answered;
  }
  if (pick < 0.93) return transfer(server, load, trader);
  if (pick < 0.97 || trader.waiting.length === 0) return requestWithdrawal(server, load, trader);
  return cancelWithdrawal(server, load, trader);
}

async function transfer(server: ServerProcess, load: Load, trader: Trader): Promise<boolean> {
  // A unique amount per transfer identifies it in wallet_transfers.
  const micro = 10_000 + (transferSeq += 1);
  const toFutures = load.random() < 0.5;
  const key = `${trader.userId}:${toFutures ? 'bsc' : 'usdtm'}:${micro}`;
  const body = { to: toFutures ? 'usdtm' : 'bsc', amount: `0.${String(micro).padStart(6, '0')}` };
  const answer = await send(server, load, 'transfers', { url: '/transfer/registerFutures', token: trader.token, body });
  if (answer.outcome === 'acknowledged') load.book.transfers.add(key);
  else if (!answer.answered) load.book.unknownTransfers.add(key);
  return answer.answered;
}

/** A fresh address from the seeded generator (all lower case: no checksum to match). */
function freshAddress(random: () => number): string {
  let hex = '';
  for (let i = 0; i < 40; i++) hex += Math.floor(random() * 16).toString(16);
  return `0x${hex}`;
}

/** 10 to 49 whole USDT (plus the 5 USDT fee) to a fresh address. */
async function requestWithdrawal(server: ServerProcess, load: Load, trader: Trader): Promise<boolean> {
  const address = freshAddress(load.random);
  const whole = 10 + Math.floor(load.random() * 40);
  const request = { userId: trader.userId, amount: whole * 1_000_000, outcome: 'unknown' as Outcome, no: undefined };
  load.book.withdrawals.set(address, request);
  const answer = await send<{ no: number }>(server, load, 'withdrawals', {
    url: '/withdraw/register',
    token: trader.token,
    body: { walletAddress: address, amount: whole },
  });
  load.book.withdrawals.set(address, { ...request, outcome: answer.outcome, no: answer.data?.no });
  if (answer.outcome === 'acknowledged') trader.waiting.push(answer.data!.no);
  return answer.answered;
}

async function cancelWithdrawal(server: ServerProcess, load: Load, trader: Trader): Promise<boolean> {
  const no = trader.waiting.splice(Math.floor(load.random() * trader.waiting.length), 1)[0]!;
  const decision = recordDecision(load.book, no, 'cancel');
  const answer = await send(server, load, 'withdrawal cancels', {
    url: '/withdraw/cancel',
    token: trader.token,
    body: { no },
  });
  decision.outcome = answer.outcome;
  return answer.answered;
}

/** Writes a decision into the book before it is sent (outcome unknown until the answer). */
export function recordDecision(book: Ledgerbook, no: number, kind: 'cancel' | 'approve' | 'refuse') {
  const decision = { kind, outcome: 'unknown' as Outcome, txHash: undefined as string | undefined };
  const list = book.decisions.get(no) ?? [];
  list.push(decision);
  book.decisions.set(no, list);
  return decision;
}
