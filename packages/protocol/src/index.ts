export * from './envelope.ts';
export * from './errors/index.ts';
export * from './api/accounts.ts';
export * from './ws.ts';
export * from './api/trading.ts';
export * from './api/wallet.ts';
export * from './api/partners.ts';
export * from './api/market.ts';
