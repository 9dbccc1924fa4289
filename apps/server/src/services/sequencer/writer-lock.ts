// The database's one-writer lock: a PostgreSQL advisory lock held on a connection of its own for as long as the
// sequencer runs. A second sequencer on the same database would apply commands to a state the first keeps changing.
import type { Pool, PoolClient } from '@tickline/db';
import { SequencerLockedError } from './contracts.ts';

// Any fixed number, different from the migrations' lock: the same for every process using this database.
const SEQUENCER_LOCK_KEY = 7_345_002;

export interface WriterLock {
  /** Its connection died: another server may have taken the lock since. */
  readonly lost: boolean;
  /** Gives the lock up and the connection back to the pool (discarded when `dead`). */
  unlock(dead: boolean): Promise<void>;
  /** After a failed start: drops every lock of the connection and gives it back. */
  abandon(): Promise<void>;
}

/** Takes the lock, or throws SequencerLockedError; `onLost` hears if its connection dies later. */
export async function takeWriterLock(pool: Pool, onLost: (error: Error) => void): Promise<WriterLock> {
  const connection = await pool.connect();
  let lost = false;
  // A checked-out connection that dies emits 'error'; unheard, it would end the process.
  const onError = (error: Error) => {
    lost = true;
    onLost(error);
  };
  connection.on('error', onError);
  // Once released, the connection is the pool's again (it listens to an idle one itself): an error on it later, as
  // when the database shuts down while the pool is still closing it, is no longer this lock's.
  const release = (client: PoolClient, dead: boolean) => {
    client.removeListener('error', onError);
    client.release(dead);
  };
  const lock: WriterLock = {
    get lost() {
      return lost;
    },
    async unlock(dead) {
      await connection.query('SELECT pg_advisory_unlock($1)', [SEQUENCER_LOCK_KEY]).catch(() => undefined);
      release(connection, dead);
    },
    async abandon() {
      await connection.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
      release(connection, lost);
    },
  };
  try {
    const { rows } = await connection.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      SEQUENCER_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) throw new SequencerLockedError('another sequencer is already writing to this database');
    return lock;
  } catch (error) {
    await lock.abandon();
    throw error;
  }
}
