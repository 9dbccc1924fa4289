import type { TotpSetupAnswer } from '@tickline/protocol';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/I18nProvider.tsx';
import { ActionError } from '../../ui/ActionError.tsx';
import { TextField } from '../../ui/Field.tsx';
import { QrCode } from '../../ui/QrCode.tsx';
import { disableTotp, enableTotp, startTotpSetup } from './api.ts';
import { useSecurityAction } from './useSecurityAction.ts';
import styles from './security.module.css';

/** Digits only, at most 6 (recovery codes are typed where a code is asked at login or for a withdrawal). */
export const codeInput = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** TOTP: set up (scan, confirm a code, keep the recovery codes shown once) or turn off with a code. */
export function TwoFactorCard({ enabled, recoveryCodesLeft }: { enabled: boolean; recoveryCodesLeft: number }) {
  const t = useT();
  const action = useSecurityAction();
  const [setup, setSetup] = useState<TotpSetupAnswer | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const begin = async () => {
    const { ok, data } = await action.run(startTotpSetup);
    if (ok && data) setSetup(data);
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const { ok, data } = await action.run(() => enableTotp(code), t('security.totpEnabled'));
    if (ok && data) {
      setSetup(null);
      setCode('');
      setRecoveryCodes(data.recoveryCodes);
    }
  };
  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    const { ok } = await action.run(() => disableTotp(code), t('security.totpDisabled'));
    if (ok) setCode('');
  };
  const error = <ActionError message={action.error} />;

  return (
    <section className={`card ${styles.card}`} data-testid="totp-card">
      <h2 className="card__title">{t('security.totp')}</h2>
      <p className={enabled ? styles.on : 'muted'} data-testid="totp-state">
        {t(enabled ? 'security.totpOn' : 'security.totpOff')}
      </p>
      {recoveryCodes ? (
        <div className={styles.recovery} data-testid="recovery-codes">
          <h3 className={styles.subTitle}>{t('security.recoveryTitle')}</h3>
          <p className="muted">{t('security.recoveryHint')}</p>
          <ol className={styles.codes}>
            {recoveryCodes.map((recovery) => (
              <li key={recovery} className="mono">
                {recovery}
              </li>
            ))}
          </ol>
          <button type="button" className="btn btn--primary btn--sm" onClick={() => setRecoveryCodes(null)}>
            {t('security.done')}
          </button>
        </div>
      ) : enabled ? (
        <form className="form" onSubmit={(event) => void turnOff(event)} noValidate>
          <p className="muted">{t('security.recoveryLeft', { n: recoveryCodesLeft })}</p>
          <TextField
            label={t('security.code')}
            hint={t('security.disableHint')}
            value={code}
            autoComplete="one-time-code"
            onChange={(event) => setCode(event.target.value.trim().slice(0, 20))}
          />
          {error}
          <button type="submit" className="btn btn--primary" disabled={action.busy} data-testid="totp-submit">
            {t('security.disable')}
          </button>
        </form>
      ) : setup ? (
        <form className="form" onSubmit={(event) => void confirm(event)} noValidate data-testid="totp-setup">
          <p className="muted">{t('security.scan')}</p>
          <div className={styles.enrol}>
            <QrCode text={setup.uri} size={152} label={t('security.totp')} />
            <code className={`mono ${styles.secret}`} data-testid="totp-secret">
              {setup.secret}
            </code>
          </div>
          <TextField
            label={t('security.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(codeInput(event.target.value))}
            data-testid="totp-code"
          />
          {error}
          <div className={styles.actions}>
            <button type="submit" className="btn btn--primary" disabled={action.busy} data-testid="totp-submit">
              {t('security.confirm')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setSetup(null)}>
              {t('security.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          {error}
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={action.busy}
            onClick={() => void begin()}
            data-testid="totp-start"
          >
            {t('security.enable')}
          </button>
        </>
      )}
    </section>
  );
}
