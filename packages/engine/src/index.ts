export * from './types.ts';
export * from './ledger.ts';
export * from './config.ts';
export * from './exchange.ts';
export { reject } from './rejections.ts';
export * from './book/order-book.ts';
export { FastOrderBook } from './book/fast-book.ts';
export { ReferenceOrderBook } from './book/reference-book.ts';
export * from './futures/margin.ts';
