import { alarms, chainWatch, type Queryable } from '@tickline/db';
import type { Clock } from '../../clock.ts';

/** Operator alerts (stored, and logged at once) and user alarms of the wallet. */
export class WalletAlerts {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    private readonly log: (message: string) => void = (message) => console.error(`wallet alert: ${message}`),
  ) {}

  async operator(kind: string, content: string): Promise<void> {
    this.log(`${kind}: ${content}`);
    await chainWatch.insertChainAlert(this.db, kind, content, new Date(this.clock.now()));
  }

  async user(userId: number, content: string): Promise<void> {
    await alarms.insertAlarm(this.db, { userId, content, createdAt: new Date(this.clock.now()) });
  }
}
