import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatUsdt } from '@tickline/money';
import { useState } from 'react';
import { microsOf } from '../../lib/units.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useBalance } from '../account/queries.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import { cancelWithdrawal, registerWithdrawal } from './api.ts';
import { withdrawAllText, withdrawalDebit } from './calc/amounts.ts';
import { amountFieldProblem, amountFieldText } from '../../lib/amountField.ts';
import { AMOUNT_PROBLEM_TEXT, AmountProblem } from '../../ui/AmountProblem.tsx';
import { useServerRules } from '../rules/useServerRules.ts';
import { reloadWallet, useWalletStream, useWithdrawals } from './queries.ts';
import { Steps } from './Steps.tsx';
import { RecentHead, WithdrawalTable } from './WalletTables.tsx';
import styles from './wallet.module.css';

const RECENT_ROWS = 5;
/** The server's "two-factor code required": the code field appears and the request is sent again with it. */
const TOTP_REQUIRED_CODE = 2040;

/** Seed 001 §2 /withdraw: total, step 1 crypto, step 2 details, recent withdrawals with cancel while waiting. */
export function WithdrawScreen() {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const balance = useBalance().data;
  const withdrawals = useWithdrawals();
  useWalletStream();
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [otp, setOtp] = useState<string | null>(null);
  const spot = microsOf(balance?.bsc);
  const rules = useServerRules()?.wallet;
  // Withdrawals are whole USDT (the server's rule): a point typed stays in the field and is refused, not dropped.
  const problem = amountFieldProblem(amount, 0);

  const withdrawal = useMutation({
    mutationFn: (sent: { address: string; amount: string; otp: string | null }) =>
      registerWithdrawal(sent.address, sent.amount, sent.otp ?? undefined),
    onSuccess: (answer, sent) => {
      if (answer.code === TOTP_REQUIRED_CODE && sent.otp === null) setOtp('');
      if (answer.code !== 0) return setMessage(answer.message);
      toast(t('withdraw.registered'), 'success');
      setAddress('');
      setAmount('');
      setOtp(null);
      reloadWallet(queryClient);
    },
  });
  const busy = withdrawal.isPending;
  const cancellation = useMutation({
    mutationFn: cancelWithdrawal,
    onSuccess: (answer) => {
      if (answer.code !== 0) return setMessage(answer.message);
      toast(t('withdraw.cancelled'), 'success');
      reloadWallet(queryClient);
    },
  });

  const submit = (): void => {
    if (address.trim() === '') return setMessage(t('withdraw.addressRequired'));
    if (amount === '') return setMessage(t('withdraw.amountRequired'));
    if (problem) return setMessage(t(AMOUNT_PROBLEM_TEXT[problem], { n: 0 }));
    withdrawal.mutate({ address: address.trim(), amount, otp });
  };

  return (
    <>
      <PageHeader title={t('withdraw.title')} subtitle={t('withdraw.subtitle')} />
      <div className={`container section section--tight ${styles.page}`}>
        <section className={`card ${styles.panel}`}>
          <div className={styles.figureStrong}>
            <span>{t('withdraw.total')}</span>
            <strong data-testid="withdraw-total">{formatUsdt(spot)} USDT</strong>
          </div>
          <Steps
            steps={[
              { title: t('withdraw.step1'), body: <div className={styles.choice}>USDT · {t('wallet.bsc')}</div> },
              {
                title: t('withdraw.step2'),
                body: (
                  <form
                    className={styles.form}
                    onSubmit={(event) => {
                      event.preventDefault();
                      submit();
                    }}
                  >
                    <label className={styles.field}>
                      <span>{t('withdraw.address')}</span>
                      <input
                        value={address}
                        onChange={(event) => setAddress(event.target.value)}
                        placeholder={t('withdraw.addressPlaceholder')}
                        autoComplete="off"
                        spellCheck={false}
                        data-testid="withdraw-address"
                      />
                    </label>
                    <label className={styles.field}>
                      <span>{t('withdraw.amount')}</span>
                      <input
                        value={amount}
                        inputMode="numeric"
                        aria-invalid={problem ? true : undefined}
                        onChange={(event) => setAmount(amountFieldText(event.target.value))}
                        data-testid="withdraw-amount"
                      />
                      <button
                        type="button"
                        className={styles.inlineButton}
                        // Whole USDT, leaving the fee the server adds on top (#28 item 4).
                        // Until the server's fee is known there is nothing right to fill.
                        disabled={!rules}
                        onClick={() => rules && setAmount(withdrawAllText(spot, rules.withdrawalFee))}
                        data-testid="withdraw-all"
                      >
                        {t('withdraw.all')}
                      </button>
                    </label>
                    <AmountProblem problem={problem} scale={0} />
                    {otp !== null ? (
                      <label className={styles.field}>
                        <span>{t('login.code')}</span>
                        <input
                          value={otp}
                          autoComplete="one-time-code"
                          onChange={(event) => setOtp(event.target.value.trim().slice(0, 20))}
                          data-testid="withdraw-otp"
                        />
                      </label>
                    ) : null}
                    <p className={styles.muted}>
                      {rules
                        ? `${t('withdraw.fee', { fee: formatUsdt(rules.withdrawalFee, 0) })} · ${t('withdraw.minimum', { minimum: formatUsdt(rules.withdrawalMinimum, 0) })}`
                        : null}
                    </p>
                    <div className={styles.figure}>
                      <span>{t('withdraw.final')}</span>
                      <strong data-testid="withdraw-final">
                        {rules && !problem ? `${formatUsdt(withdrawalDebit(amount, rules.withdrawalFee))} USDT` : '-'}
                      </strong>
                    </div>
                    <button
                      type="submit"
                      className="btn btn--primary btn--block"
                      disabled={busy}
                      data-testid="withdraw-submit"
                    >
                      {t('withdraw.submit')}
                    </button>
                  </form>
                ),
              },
            ]}
          />
        </section>
        <RecentHead title={t('withdraw.recent')} to="/withdraw/history" />
        <WithdrawalTable
          rows={(withdrawals.data?.withdraws ?? []).slice(0, RECENT_ROWS)}
          pending={withdrawals.isPending}
          onCancel={(no) => cancellation.mutate(no)}
        />
      </div>
      {message ? <MessageDialog message={message} onClose={() => setMessage(null)} /> : null}
    </>
  );
}
