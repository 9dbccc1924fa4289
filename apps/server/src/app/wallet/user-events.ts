import type { UserEventKind, WalletUserEvent } from '@tickline/protocol';
import { Listeners } from '../../services/market/listeners.ts';

export type WalletEventListener = (userId: number, event: UserEventKind, data: unknown) => void;

/**
 * What the wallet tells a user's open screens, outside the sequencer's batches: a deposit or withdrawal that changed
 * (`wallet`), and the wallet's alarms (`alarm`, as stored). The websocket gateway forwards them to the user stream.
 */
export class WalletUserEvents {
  private readonly listeners = new Listeners<[number, UserEventKind, unknown]>();

  on(listener: WalletEventListener): () => void {
    return this.listeners.add(listener);
  }

  changed(userId: number, kind: WalletUserEvent['kind']): void {
    this.listeners.emit(userId, 'wallet', { kind } satisfies WalletUserEvent);
  }

  alarm(userId: number, content: string, createdAt: Date): void {
    this.listeners.emit(userId, 'alarm', { kind: 'wallet', content, insertDate: createdAt.toISOString() });
  }
}
