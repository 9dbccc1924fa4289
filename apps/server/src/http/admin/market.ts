import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@tickline/protocol';
import { MarketRisk } from '../../app/admin/market-risk.ts';
import { pageQuery } from '../queries.ts';
import { parseInput } from '../validation.ts';

const MAX_DAYS = 90;
const daysQuery = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/, { error: `days must be a whole number from 1 to ${MAX_DAYS}` })
    .transform(Number)
    .refine((days) => days >= 1 && days <= MAX_DAYS, { error: `days must be a whole number from 1 to ${MAX_DAYS}` })
    .optional()
    .transform((days) => days ?? 30),
});

/** The market and risk panel of the operator console (#16 item 5), read-only, inside the admin plugin's guard. */
export async function adminMarketRoutes(app: FastifyInstance): Promise<void> {
  const risk = new MarketRisk(app.context.pool, app.context.clock, app.context.services.trading);

  app.get('/market/rounds', async (request) => {
    const { page } = parseInput(pageQuery, request.query);
    return ok(await risk.rounds(page));
  });

  app.get('/market/revenue', async (request) => {
    const { days } = parseInput(daysQuery, request.query);
    return ok(await risk.revenue(days));
  });

  app.get('/market/insurance', async (request) => {
    const { days } = parseInput(daysQuery, request.query);
    return ok(await risk.insurance(days));
  });

  app.get('/market/positions', async () => ok(await risk.positions()));
}
