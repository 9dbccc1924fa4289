export * from './types.ts';
export * from './ledger.ts';
