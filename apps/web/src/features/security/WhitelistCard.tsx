import type { WhitelistAddress } from '@tickline/protocol';
import { ActionError } from '../../ui/ActionError.tsx';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { TextField } from '../../ui/Field.tsx';
import { SecondFactorField } from './SecondFactorField.tsx';
import { addWhitelistAddress, removeWhitelistAddress, setWhitelist } from './api.ts';
import { useSecurityAction } from './useSecurityAction.ts';
import styles from './security.module.css';

interface WhitelistCardProps {
  enabled: boolean;
  addresses: WhitelistAddress[];
  /** With two-factor on, adding an address and turning the list off take a code. */
  codeNeeded: boolean;
  nowMs: number;
}

/** The withdrawal address whitelist: on or off, and its addresses (each usable 24 h after it was added). */
export function WhitelistCard({ enabled, addresses, codeNeeded, nowMs }: WhitelistCardProps) {
  const t = useT();
  const action = useSecurityAction();
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [otp, setOtp] = useState('');
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const { ok } = await action.run(() => addWhitelistAddress(address, label, otp), t('security.added'));
    if (ok) {
      setAddress('');
      setLabel('');
      setOtp('');
    }
  };
  const toggle = async () => {
    const { ok } = await action.run(() => setWhitelist(!enabled, otp), t('security.whitelistChanged'));
    if (ok) setOtp('');
  };
  const columns: Column<WhitelistAddress>[] = [
    { header: t('security.newAddress'), labelled: true, cell: (row) => <span className="mono">{row.address}</span> },
    { header: t('security.label'), labelled: true, cell: (row) => row.label || '-' },
    { header: t('security.usableFrom'), labelled: true, cell: (row) => formatDateTime(row.usableFrom) },
    {
      header: '',
      cell: (row) => (
        <span className={styles.rowActions}>
          <span className={Date.parse(row.usableFrom) <= nowMs ? styles.on : 'muted'}>
            {t(Date.parse(row.usableFrom) <= nowMs ? 'security.ready' : 'security.pending')}
          </span>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={action.busy}
            onClick={() => void action.run(() => removeWhitelistAddress(row.id))}
          >
            {t('security.remove')}
          </button>
        </span>
      ),
    },
  ];
  const codeField = <SecondFactorField needed={codeNeeded} value={otp} onChange={setOtp} />;
  return (
    <section className={`card ${styles.card} ${styles.wide}`} data-testid="whitelist-card">
      <div className={styles.headRow}>
        <h2 className="card__title">{t('security.whitelist')}</h2>
        <button
          type="button"
          className={`btn btn--sm ${enabled ? 'btn--ghost' : 'btn--primary'}`}
          disabled={action.busy}
          onClick={() => void toggle()}
          data-testid="whitelist-toggle"
        >
          {t(enabled ? 'security.turnOff' : 'security.turnOn')}
        </button>
      </div>
      <p className={enabled ? styles.on : 'muted'} data-testid="whitelist-state">
        {t(enabled ? 'security.whitelistOn' : 'security.whitelistOff')}
      </p>
      <ActionError message={action.error} />
      <DataTable
        columns={columns}
        rows={addresses}
        rowKey="id"
        className="table--stack"
        wrapperClassName="table-scroll"
        testId="whitelist-addresses"
        emptyMessage={t('security.noAddresses')}
      />
      <form className={styles.addForm} onSubmit={(event) => void add(event)} noValidate>
        <TextField
          label={t('security.newAddress')}
          value={address}
          placeholder="0x…"
          spellCheck={false}
          onChange={(event) => setAddress(event.target.value.trim())}
          data-testid="whitelist-address"
        />
        <TextField
          label={t('security.label')}
          value={label}
          maxLength={40}
          onChange={(e) => setLabel(e.target.value)}
        />
        {codeField}
        <button type="submit" className="btn btn--primary" disabled={action.busy} data-testid="whitelist-add">
          {t('security.add')}
        </button>
      </form>
    </section>
  );
}
