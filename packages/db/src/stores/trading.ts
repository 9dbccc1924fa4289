// The trading core's stores (written by the sequencer in one transaction per batch).
export * from './ledger.ts';
export * from './deposits.ts';
export * from './orders.ts';
export * from './positions.ts';
export * from './trades.ts';
export * from './futures_history.ts';
export * from './option_orders.ts';
export * from './wallet_transfers.ts';
export * from './trading_state.ts';
export * from './paging.ts';
export * from './copy.ts';
export * from './funding_payments.ts';
export * from './funding_rates.ts';
export * from './market_prices.ts';
export * from './market_symbols.ts';
export * from './statements.ts';
