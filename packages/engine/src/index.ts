export * from './types.ts';
export * from './ledger.ts';
export * from './config.ts';
export * from './exchange.ts';
export { reject } from './rejections.ts';
