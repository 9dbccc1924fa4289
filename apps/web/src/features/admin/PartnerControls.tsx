import { useState } from 'react';
import { setPartnerFee, setPartnerLevel } from './api.ts';
import type { PendingAction } from './ConfirmAction.tsx';
import { levelLabel } from './userBits.tsx';
import styles from './admin.module.css';

const TOP_LEVEL = 7;

/**
 * A member's partner level, and a level-7 partner's fee rate (cascaded down its tree by the server): each change
 * confirmed first, like every console action, and kept in the audit log.
 */
export function PartnerControls({
  user,
  confirm,
  done,
}: {
  user: { userNo: number; userid: string; level: number };
  confirm(action: PendingAction): void;
  done(message: string, ok: boolean): void;
}) {
  const [level, setLevel] = useState(user.level);
  const [fee, setFee] = useState('');
  const levelAction: PendingAction = {
    title: 'Change partner level',
    description: `${user.userid}: ${levelLabel(user.level)} → ${levelLabel(level)}.`,
    confirmLabel: 'Change level',
    run: async () => {
      const answer = await setPartnerLevel(user.userNo, level);
      done(answer.code === 0 ? `${user.userid}: now ${levelLabel(level)}` : answer.message, answer.code === 0);
    },
  };
  const feeAction: PendingAction = {
    title: 'Change fee rate',
    description: `${user.userid}'s rate becomes ${fee} %; partners below it keep at most their own share of it.`,
    confirmLabel: 'Change rate',
    run: async () => {
      const answer = await setPartnerFee(user.userNo, Number(fee));
      done(answer.code === 0 ? `${user.userid}: fee rate ${fee} %` : answer.message, answer.code === 0);
    },
  };
  return (
    <div className={styles.partnerControls} data-testid="partner-controls">
      <label>
        <span>Level</span>
        <select value={level} onChange={(event) => setLevel(Number(event.target.value))} data-testid="partner-level">
          {Array.from({ length: TOP_LEVEL }, (_, index) => index + 1).map((value) => (
            <option key={value} value={value}>
              {levelLabel(value)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn--sm btn--ghost"
        disabled={level === user.level}
        onClick={() => confirm(levelAction)}
        data-testid="partner-level-set"
      >
        Set level
      </button>
      {user.level === TOP_LEVEL ? (
        <>
          <label>
            <span>Fee rate %</span>
            <input
              value={fee}
              inputMode="decimal"
              placeholder="e.g. 50"
              // Percent with at most two decimals, as the server takes it.
              onChange={(event) => setFee(event.target.value.replace(/[^\d.]/g, '').slice(0, 6))}
              data-testid="partner-fee"
            />
          </label>
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            disabled={!/^\d{1,3}(\.\d{1,2})?$/.test(fee)}
            onClick={() => confirm(feeAction)}
            data-testid="partner-fee-set"
          >
            Set rate
          </button>
        </>
      ) : null}
    </div>
  );
}
