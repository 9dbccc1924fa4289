/**
 * `npx tsx bench/engine/markets-apply.ts`: the engine's `apply` alone (no database) on the sequencer bench's order
 * stream, with the orders on one market and then spread round-robin over three (#34). Same users, same prices.
 */
import { Exchange, type Command } from '@tickline/engine';
import { seededRandom } from '../seeded-random.ts';

const USDT = 1_000_000;
const USERS = 10_000;
const BASE = 5_000_000;
const ORDERS = 150_000;
const MARKETS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];

function run(marketCount: number): number {
  const exchange = new Exchange({ markets: MARKETS.map((symbol) => ({ symbol })) });
  const now = 1_700_000_000_000;
  for (const symbol of MARKETS) exchange.apply({ type: 'priceTick', indexPrice: BASE, markPrice: BASE, symbol }, now);
  for (let userId = 1; userId <= USERS; userId++)
    exchange.apply({ type: 'fund', userId, wallet: 'futures', amount: 100_000 * USDT, reason: 'bench' }, now);
  const next = seededRandom(7);
  const commands: Command[] = [];
  for (let index = 1; index <= ORDERS; index++) {
    const side = next() < 0.5 ? 1 : 2;
    const taker = next() < 0.2;
    const distance = 1 + Math.floor(next() * 10);
    const price = BASE + (taker ? (side === 1 ? 10 : -10) : side === 1 ? -distance : distance);
    const symbol = MARKETS[index % marketCount] as string;
    commands.push({
      type: 'placeOrder',
      userId: 1 + (index % USERS),
      side,
      orderPath: 1,
      price,
      qty: 1 + Math.floor(next() * 10),
      symbol,
    });
  }
  const start = process.hrtime.bigint();
  for (const command of commands) exchange.apply(command, now);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return Math.round(ORDERS / seconds);
}

const results: Record<string, number[]> = { one: [], three: [] };
for (let round = 0; round < 5; round++) {
  results.one!.push(run(1));
  results.three!.push(run(3));
}
console.log(JSON.stringify(results));
