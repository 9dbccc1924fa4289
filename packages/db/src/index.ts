export { createPool, inTransaction, type Pool, type PoolClient, type Queryable } from './pool.ts';
export { migrate, MIGRATIONS_DIR } from './migrate.ts';
export { startEmbeddedPostgres, findFreePort, type EmbeddedPostgresHandle } from './embedded.ts';
export * as users from './stores/users.ts';
export * as sessions from './stores/sessions.ts';
export * as alarms from './stores/alarms.ts';
export * as feedback from './stores/feedback.ts';
export * as uploads from './stores/uploads.ts';
export * from './stores/trading.ts';
