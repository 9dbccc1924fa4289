export { createPool, inTransaction, type Pool, type PoolClient, type Queryable } from './pool.ts';
export { migrate, MIGRATIONS_DIR } from './migrate.ts';
export { startEmbeddedPostgres, findFreePort, type EmbeddedPostgresHandle } from './embedded.ts';
export * from './stores/trading.ts';
