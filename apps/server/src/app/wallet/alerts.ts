import { alarms, chainWatch, type Queryable } from '@tickline/db';
import type { Clock } from '../../clock.ts';
import type { WalletUserEvents } from './user-events.ts';

/** Operator alerts (stored, and logged at once) and user alarms of the wallet. */
export class WalletAlerts {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    private readonly log: (message: string) => void = (message) => console.error(`wallet alert: ${message}`),
    private readonly events?: WalletUserEvents,
  ) {}

  async operator(kind: string, content: string): Promise<void> {
    this.log(`${kind}: ${content}`);
    await chainWatch.insertChainAlert(this.db, kind, content, new Date(this.clock.now()));
  }

  /** Stored, then pushed on the user's stream. */
  async user(userId: number, content: string): Promise<void> {
    const createdAt = new Date(this.clock.now());
    await alarms.insertAlarm(this.db, { userId, content, createdAt });
    this.events?.alarm(userId, content, createdAt);
  }
}
