/** The slice of a pino / Fastify logger the market code uses; a silent one by default. */
export interface MarketLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export const silentLogger: MarketLogger = { info: () => undefined, warn: () => undefined };
