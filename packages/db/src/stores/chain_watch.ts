import type { Queryable } from '../pool.ts';

/** The deposit watcher's next block to read, or null before its first run. */
export async function readCursor(db: Queryable, name: string): Promise<number | null> {
  const result = await db.query<{ next_block: number }>('SELECT next_block FROM chain_cursors WHERE name = $1', [name]);
  return result.rows[0]?.next_block ?? null;
}

export async function writeCursor(db: Queryable, name: string, nextBlock: number, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO chain_cursors (name, next_block, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET next_block = EXCLUDED.next_block, updated_at = EXCLUDED.updated_at`,
    [name, nextBlock, now],
  );
}

export interface StoredBlock {
  number: number;
  hash: string;
  parentHash: string;
}

export async function storeBlocks(db: Queryable, blocks: readonly StoredBlock[]): Promise<void> {
  if (blocks.length === 0) return;
  await db.query(
    `INSERT INTO chain_blocks (number, hash, parent_hash)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[])
     ON CONFLICT (number) DO UPDATE SET hash = EXCLUDED.hash, parent_hash = EXCLUDED.parent_hash`,
    [blocks.map((b) => b.number), blocks.map((b) => b.hash), blocks.map((b) => b.parentHash)],
  );
}

/** Stored blocks, highest first. */
export async function storedBlocksDescending(db: Queryable, limit: number): Promise<StoredBlock[]> {
  const result = await db.query<{ number: number; hash: string; parent_hash: string }>(
    'SELECT number, hash, parent_hash FROM chain_blocks ORDER BY number DESC LIMIT $1',
    [limit],
  );
  return result.rows.map((row) => ({ number: row.number, hash: row.hash, parentHash: row.parent_hash }));
}

export async function deleteBlocksAbove(db: Queryable, number: number): Promise<void> {
  await db.query('DELETE FROM chain_blocks WHERE number > $1', [number]);
}

export async function pruneBlocksBelow(db: Queryable, number: number): Promise<void> {
  await db.query('DELETE FROM chain_blocks WHERE number < $1', [number]);
}

export interface ChainAlert {
  id: number;
  kind: string;
  content: string;
  createdAt: Date;
}

export async function insertChainAlert(db: Queryable, kind: string, content: string, now: Date): Promise<void> {
  await db.query('INSERT INTO chain_alerts (kind, content, created_at) VALUES ($1, $2, $3)', [kind, content, now]);
}

/** Newest first. */
export async function listChainAlerts(db: Queryable, limit: number): Promise<ChainAlert[]> {
  const result = await db.query<{ id: number; kind: string; content: string; created_at: Date }>(
    'SELECT id, kind, content, created_at FROM chain_alerts ORDER BY id DESC LIMIT $1',
    [limit],
  );
  return result.rows.map((row) => ({ id: row.id, kind: row.kind, content: row.content, createdAt: row.created_at }));
}
