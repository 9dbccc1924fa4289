/**
 * The trigger-heavy workload (#32 item 3): the whole exchange (packages/engine `Exchange.apply`, not only the book)
 * with 10,000 trigger orders resting — stop and take-profit, limit and market, on the mark and on the last price,
 * 10 % of them trailing stops — while a stream of price ticks (a bounded random walk of the mark) and small limit
 * orders at the mark (which trade up to it, so the last price follows the mark) runs. The same stream on the same book without the triggers is
 * the baseline: the difference is what holding and firing triggers costs. No peer: nodejs-order-book has no
 * triggers. Setup (book, funding, placing the triggers) is not timed.
 */
import { Exchange, type Command, type TriggerRequest } from '../../packages/engine/src/index.ts';
import { seededRandom } from '../seeded-random.ts';

const USDT = 1_000_000;
const MARK = 5_000_000; // 50,000.00 USDT
const MAKER = 1;
const TRADERS = 100;
const TRIGGERS_PER_TRADER = 100;
const STREAM = 20_000;
/** The users of the timed limit orders (TAKERS … TAKERS + 99): no triggers of their own. */
const TAKERS = 1_000;

function setup(withTriggers: boolean, seed: number): { exchange: Exchange; nowMs: number; placed: number } {
  const random = seededRandom(seed);
  const exchange = new Exchange();
  let nowMs = 1_800_000_000_000;
  const apply = (command: Command) => exchange.apply(command, nowMs++);
  apply({ type: 'priceTick', indexPrice: MARK, markPrice: MARK });
  apply({ type: 'fund', userId: MAKER, wallet: 'futures', amount: 100_000_000 * USDT, reason: 'bench' });
  for (let level = 1; level <= 200; level++)
    for (const side of [1, 2] as const) {
      const price = side === 1 ? MARK - level * 500 : MARK + level * 500;
      apply({ type: 'placeOrder', userId: MAKER, side, orderPath: 1, price, qty: 10_000 });
    }
  for (let trader = 2; trader < 2 + TRADERS; trader++)
    for (const userId of [trader, TAKERS + trader - 2])
      apply({ type: 'fund', userId, wallet: 'futures', amount: 10_000_000 * USDT, reason: 'bench' });
  apply({ type: 'placeOrder', userId: 2, side: 1, orderPath: 2, price: null, qty: 1 }); // a first last price
  let placed = 0;
  for (let trader = 2; trader < 2 + TRADERS && withTriggers; trader++) {
    for (let index = 0; index < TRIGGERS_PER_TRADER; index++) {
      const side = random() < 0.5 ? 1 : 2;
      const by = random() < 0.5 ? 'mark' : 'last';
      const distance = 2_000 + Math.floor(random() * 150_000); // 20 to 1,520 USDT away (0.04–3 %)
      let trigger: TriggerRequest;
      if (random() < 0.1) {
        trigger = { type: 'trailingStop', by, callbackRateBps: 10 + Math.floor(random() * 300), activationPrice: null };
      } else {
        const type = random() < 0.5 ? 'stop' : 'takeProfit';
        const rising = (type === 'stop') === (side === 1);
        trigger = { type, by, price: rising ? MARK + distance : MARK - distance };
      }
      const limit = trigger.type !== 'trailingStop' && random() < 0.3;
      const price = limit ? (trigger.price as number) : null;
      const command: Command = {
        type: 'placeOrder',
        userId: trader,
        side,
        orderPath: limit ? 1 : 2,
        price,
        qty: 1,
        trigger,
      };
      if (apply(command).result.ok) placed++;
    }
  }
  return { exchange, nowMs, placed };
}

/** The timed stream: 75 % price ticks (the mark walks ±0.02 % a step within ±3 %), 25 % limit orders at the mark. */
function stream(seed: number): Command[] {
  const random = seededRandom(seed + 1);
  const commands: Command[] = [];
  let mark = MARK;
  for (let index = 0; index < STREAM; index++) {
    if (random() < 0.75) {
      mark = Math.min(MARK * 1.03, Math.max(MARK * 0.97, mark + Math.round((random() - 0.5) * 2_000)));
      commands.push({ type: 'priceTick', indexPrice: mark, markPrice: mark });
    } else {
      // A limit at the mark: it takes what the book has up to there (the last price follows the mark), rests the rest.
      const userId = TAKERS + Math.floor(random() * TRADERS);
      const side = random() < 0.5 ? 1 : 2;
      commands.push({ type: 'placeOrder', userId, side, orderPath: 1, price: mark, qty: 1 + Math.floor(random() * 5) });
    }
  }
  return commands;
}

function timeRun(withTriggers: boolean, seed: number, commands: Command[]) {
  const { exchange, nowMs, placed } = setup(withTriggers, seed);
  let fired = 0;
  const start = process.hrtime.bigint();
  for (const [index, command] of commands.entries()) {
    const output = exchange.apply(command, nowMs + index);
    for (const event of output.events)
      if (event.type === 'order' && event.order.trigger?.firedAtMs === nowMs + index) fired++;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { opsPerSecond: commands.length / seconds, placed, fired };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Median commands/s with and without the resting triggers, over `repeats` alternating rounds. */
export function measureTriggers(seed: number, repeats: number) {
  const commands = stream(seed);
  timeRun(true, seed, commands.slice(0, 5_000)); // warm-up
  timeRun(false, seed, commands.slice(0, 5_000));
  const withTriggers: number[] = [];
  const without: number[] = [];
  let last = { placed: 0, fired: 0 };
  for (let round = 0; round < repeats; round++) {
    const run = timeRun(true, seed, commands);
    withTriggers.push(run.opsPerSecond);
    last = run;
    without.push(timeRun(false, seed, commands).opsPerSecond);
  }
  const result = {
    with_triggers_ops_s: Math.round(median(withTriggers)),
    without_triggers_ops_s: Math.round(median(without)),
    triggers_resting: last.placed,
    triggers_fired: last.fired,
    commands: commands.length,
  };
  console.log(
    `T1 ${result.triggers_resting.toLocaleString('en')} resting triggers (${result.triggers_fired.toLocaleString('en')} fire) ` +
      `under ${result.commands.toLocaleString('en')} ticks and orders: ` +
      `${result.with_triggers_ops_s.toLocaleString('en')} commands/s, ` +
      `${result.without_triggers_ops_s.toLocaleString('en')} without the triggers`,
  );
  return result;
}
