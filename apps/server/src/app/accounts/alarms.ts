import { alarms, type Queryable } from '@tickline/db';
import type { Alarm } from '@tickline/protocol';
import type { AppContext } from '../context.ts';

const ALARMS_SHOWN = 100;

/** Writes a notification for a user (inside the caller's transaction when given one). */
export async function notifyUser(db: Queryable, userId: number, content: string, now: Date): Promise<void> {
  await alarms.insertAlarm(db, { userId, content, createdAt: now });
}

/** Newest first. */
export async function listAlarms(ctx: AppContext, userId: number): Promise<Alarm[]> {
  const rows = await alarms.listAlarms(ctx.pool, userId, ALARMS_SHOWN);
  return rows.map((row) => ({ content: row.content, insertDate: row.createdAt.toISOString() }));
}
