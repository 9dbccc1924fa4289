import { listOverdueOptionRounds, type Pool, type SequencerState } from '@tickline/db';
import type { Clock } from '../../clock.ts';
import type { CommandGateway } from '../engine/command-gateway.ts';

/**
 * At start: settles every option round whose end passed while the server was down. The result price is the last
 * price the engine applied before the round's end if it is recent enough; otherwise the round had no price and its
 * orders are refunded (PRODUCT.md §4).
 */
export async function settleOverdueOptionRounds(options: {
  pool: Pool;
  engine: Pick<CommandGateway, 'send'>;
  /** The last price the engine applied, and when (the sequencer's restored state). */
  lastPrices: Pick<SequencerState, 'lastIndexPrice' | 'lastPriceAtMs'>;
  clock: Clock;
  roundMs?: number;
  maxPriceAgeMs?: number;
}): Promise<number> {
  const roundMs = options.roundMs ?? 60_000;
  const maxPriceAgeMs = options.maxPriceAgeMs ?? 10_000;
  const nowMs = options.clock.now();
  const rounds = await listOverdueOptionRounds(options.pool, nowMs);
  const { lastIndexPrice, lastPriceAtMs } = options.lastPrices;
  for (const { roundStartMs } of rounds) {
    const endMs = roundStartMs + roundMs;
    const known = lastIndexPrice !== null && lastPriceAtMs !== null && lastPriceAtMs <= endMs;
    const resultPrice = known && endMs - lastPriceAtMs <= maxPriceAgeMs ? lastIndexPrice : null;
    await options.engine.send({ type: 'settleOptionRound', roundStartMs, resultPrice });
  }
  return rounds.length;
}
