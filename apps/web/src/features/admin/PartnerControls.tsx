import { useState } from 'react';
import { setPartnerFee, setPartnerLevel } from './api.ts';
import type { PendingAction } from './ConfirmAction.tsx';
import { levelLabel } from './userBits.tsx';
import { outcomeText, useAdminText } from './useAdminText.ts';
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
  const t = useAdminText();
  const [level, setLevel] = useState(user.level);
  const [fee, setFee] = useState('');
  const levelAction: PendingAction = {
    title: t('admin.partner.levelTitle'),
    description: `${user.userid}: ${levelLabel(user.level, t)} → ${levelLabel(level, t)}.`,
    confirmLabel: t('admin.partner.levelConfirm'),
    run: async () => {
      const answer = await setPartnerLevel(user.userNo, level);
      const text = t('admin.partner.levelDone', { user: user.userid, level: levelLabel(level, t) });
      done(outcomeText(answer, text, t), answer.code === 0);
    },
  };
  const feeAction: PendingAction = {
    title: t('admin.partner.feeTitle'),
    description: t('admin.partner.feeText', { user: user.userid, fee }),
    confirmLabel: t('admin.partner.feeConfirm'),
    run: async () => {
      const answer = await setPartnerFee(user.userNo, Number(fee));
      done(outcomeText(answer, t('admin.partner.feeDone', { user: user.userid, fee }), t), answer.code === 0);
    },
  };
  return (
    <div className={styles.partnerControls} data-testid="partner-controls">
      <label>
        <span>{t('admin.users.level')}</span>
        <select value={level} onChange={(event) => setLevel(Number(event.target.value))} data-testid="partner-level">
          {Array.from({ length: TOP_LEVEL }, (_, index) => index + 1).map((value) => (
            <option key={value} value={value}>
              {levelLabel(value, t)}
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
        {t('admin.partner.setLevel')}
      </button>
      {user.level === TOP_LEVEL ? (
        <>
          <label>
            <span>{t('admin.partner.fee')}</span>
            <input
              value={fee}
              inputMode="decimal"
              placeholder={t('admin.partner.feeExample')}
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
            {t('admin.partner.setFee')}
          </button>
        </>
      ) : null}
    </div>
  );
}
