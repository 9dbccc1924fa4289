/**
 * The engine's public contract: commands in, a result plus events and ledger postings out, and the restorable state;
 * one file per concern (types/), re-exported here so every import keeps its path.
 */
export * from './types/commands.ts';
export * from './types/rows.ts';
export * from './types/snapshot.ts';
