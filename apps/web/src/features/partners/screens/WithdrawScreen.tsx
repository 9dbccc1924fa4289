import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { DataTable, type Column } from '../../../ui/DataTable.tsx';
import { accountKeys, useBalance } from '../../account/queries.ts';
import { registerWithdrawManager } from '../api.ts';
import { ALL_RESERVE, allAmount, validateWithdrawForm } from '../calc/withdrawForm.ts';
import { amountFieldProblem, amountFieldText } from '../../../lib/amountField.ts';
import { AMOUNT_PROBLEM_TEXT, AmountProblem } from '../../../ui/AmountProblem.tsx';
import { Panel, ScreenHead, TABLE_SCROLL } from '../components/Panel.tsx';
import { Stats } from '../components/Stats.tsx';
import { usePartnerCall } from '../feedback.tsx';
import { MANAGER_WITHDRAW_STATUS } from '../messages.ts';
import { partnerKeys, useManagerWithdrawals, usePartnerStream } from '../queries.ts';
import type { ManagerWithdrawalRow } from '@tickline/protocol';
import styles from '../partners.module.css';

/** /affiliates/withdraw (seed 001 §2.5): an on-chain withdrawal from the spot (bsc) wallet, sent in the 22:00 KST batch. */
export function WithdrawScreen() {
  const t = useT();
  usePartnerStream();
  const queryClient = useQueryClient();
  const balance = useBalance().data;
  const withdrawals = useManagerWithdrawals();
  const call = usePartnerCall();
  const [amount, setAmount] = useState('');
  const [walletAddress, setWalletAddress] = useState('');

  // Whole USDT (seed 001 §5, digits only): a point typed stays in the field and is refused, not dropped (#28 item 1).
  const problem = amountFieldProblem(amount, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return call.popup(t(AMOUNT_PROBLEM_TEXT[problem], { n: 0 }));
    const error = validateWithdrawForm(amount, walletAddress);
    if (error === 'amount') return call.popup(t('partners.withdraw.enterAmount'));
    if (error === 'walletAddress') return call.popup(t('partners.withdraw.enterAddress'));
    const done = await call.run(
      () => registerWithdrawManager(amount, walletAddress.trim()),
      t('partners.withdraw.completed'),
    );
    if (!done) return;
    // Seed 001 §4: the form is cleared, the list reloads and the message is shown.
    setAmount('');
    setWalletAddress('');
    void queryClient.invalidateQueries({ queryKey: partnerKeys.withdrawals });
    void queryClient.invalidateQueries({ queryKey: accountKeys.balance });
  };

  const columns: Column<ManagerWithdrawalRow & { key: number }>[] = [
    { header: t('partners.withdraw.date'), cell: (row) => formatDateTime(row.insertDate) },
    { header: t('partners.withdraw.state'), cell: (row) => MANAGER_WITHDRAW_STATUS[row.status] ?? String(row.status) },
    {
      header: t('partners.withdraw.address'),
      cellClassName: styles.address,
      cell: (row) => <span title={row.walletAddress}>{row.walletAddress}</span>,
    },
    { header: t('partners.withdraw.amountColumn'), className: 'num', cell: (row) => formatMoney(row.amount) },
  ];
  const rows = (withdrawals.data ?? []).map((row, index) => ({ ...row, key: row.no ?? index }));

  return (
    <div className={styles.screen} data-testid="partners-withdraw">
      <ScreenHead title={t('screen.affiliatesWithdraw')} />
      <Stats
        items={[
          {
            label: t('partners.withdraw.balance'),
            value: balance ? formatMoney(balance.bsc) : '-',
            unit: 'USDT',
            testId: 'withdraw-bsc',
          },
        ]}
      />
      <Panel>
        <form className={`${styles.panelBody} ${styles.formGrid}`} onSubmit={(event) => void submit(event)} noValidate>
          <div className="field">
            <label className="field__label" htmlFor="manager-withdraw-amount">
              {t('partners.withdraw.amount')}
            </label>
            <div className={styles.inline}>
              <input
                id="manager-withdraw-amount"
                className="input"
                inputMode="numeric"
                autoComplete="off"
                value={amount}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => setAmount(amountFieldText(event.target.value))}
                data-testid="withdraw-amount"
              />
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => setAmount(allAmount(balance?.bsc))}
                data-testid="withdraw-all"
              >
                {t('partners.withdraw.all')}
              </button>
            </div>
            <AmountProblem problem={problem} scale={0} />
            <p className="field__hint">{t('partners.withdraw.reserveNote', { reserve: ALL_RESERVE })}</p>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="manager-withdraw-address">
              {t('partners.withdraw.walletAddress')}
            </label>
            <input
              id="manager-withdraw-address"
              className={`input ${styles.mono}`}
              autoComplete="off"
              spellCheck={false}
              value={walletAddress}
              onChange={(event) => setWalletAddress(event.target.value)}
              data-testid="withdraw-address"
            />
          </div>
          <div className={`field ${styles.buttonField}`}>
            <button type="submit" className="btn btn--primary" disabled={call.busy} data-testid="withdraw-apply">
              {t('partners.withdraw.apply')}
            </button>
          </div>
        </form>
        <p className={`${styles.noteWarn} ${styles.panelNote}`} data-testid="batch-note">
          {t('affiliates.batchNote')}
        </p>
      </Panel>
      <Panel title={t('partners.withdraw.history')}>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey="key"
          wrapperClassName={TABLE_SCROLL}
          testId="manager-withdrawals"
          pending={withdrawals.isPending}
          skeletonRows={4}
          emptyMessage={t('partners.withdraw.empty')}
        />
      </Panel>
      {call.dialog}
    </div>
  );
}
