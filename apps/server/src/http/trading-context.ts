import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Errors } from '@tickline/protocol';
import type { TradingService } from '../app/trading/service.ts';
import { AppError } from '../domain/errors.ts';

declare module '../app/context.ts' {
  interface AppServices {
    /** The sequencer-backed trading use cases (wired by main.ts and the trading tests). */
    trading?: TradingService;
  }
}

/** The trading service of this app; a server built without one answers SERVICE_BUSY on trading routes. */
export function tradingService(app: FastifyInstance): TradingService {
  const trading = app.context.services.trading;
  if (!trading) throw new AppError(Errors.SERVICE_BUSY);
  return trading;
}

/** `?page=N`: a whole number from 1 (default 1). */
export const pageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'page must be a whole number from 1' })
    .transform(Number)
    .refine((page) => page >= 1, { error: 'page must be a whole number from 1' })
    .optional()
    .transform((page) => page ?? 1),
});

/** `?type=N`: the transfer type (2 = spot ↔ futures). */
export const transferTypeQuery = z.object({
  type: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'type must be a transfer type number (2: spot ↔ futures)' })
    .transform(Number)
    .optional()
    .transform((type) => type ?? 2),
});
