import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatUsdt, USDT_SCALE } from '@tickline/money';
import { useState } from 'react';
import { microsOf } from '../../lib/units.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useBalance } from '../account/queries.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import { registerTransfer } from './api.ts';
import { TRANSFER_SCALE, transferMaxText } from './calc/amounts.ts';
import { walletNameKey } from './format.ts';
import { amountFieldProblem, amountFieldText } from '../../lib/amountField.ts';
import { parseAmountInput } from '../../lib/amountInput.ts';
import { AMOUNT_PROBLEM_TEXT, AmountProblem } from '../../ui/AmountProblem.tsx';
import { reloadWallet, useTransfers, useWalletStream } from './queries.ts';
import { RecentHead, TransferTable } from './WalletTables.tsx';
import styles from './wallet.module.css';

/** Transfer type 2: between the spot (bsc) and futures (usdtm) wallets (seed 001 §7). */
const SPOT_FUTURES = 2;

/** Seed 001 §2 /transfer/futures: spot ↔ futures with a swap arrow, MAX of the source wallet, recent transfers. */
export function TransferScreen() {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const balance = useBalance().data;
  const recent = useTransfers(SPOT_FUTURES, true);
  useWalletStream();
  const [to, setTo] = useState<'usdtm' | 'bsc'>('usdtm');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const from = to === 'usdtm' ? 'bsc' : 'usdtm';
  // The source wallet's available balance: the spot wallet, or the futures wallet less margin and order holds.
  const available = microsOf(from === 'bsc' ? balance?.bsc : balance?.balance);

  // #28 item 1: decimals to the cent are taken; a point is never dropped.
  const problem = amountFieldProblem(amount, TRANSFER_SCALE);

  const transfer = useMutation({
    mutationFn: (sent: { to: 'usdtm' | 'bsc'; amount: string }) => registerTransfer(sent.to, sent.amount),
    onSuccess: (answer) => {
      if (answer.code !== 0) return setMessage(answer.message);
      toast(t('transfer.done'), 'success');
      setAmount('');
      reloadWallet(queryClient);
    },
  });
  const busy = transfer.isPending;

  const submit = (): void => {
    if (problem) return setMessage(t(AMOUNT_PROBLEM_TEXT[problem], { n: TRANSFER_SCALE }));
    if (parseAmountInput(amount, USDT_SCALE) <= 0) return setMessage(t('transfer.amountRequired'));
    transfer.mutate({ to, amount });
  };

  return (
    <>
      <PageHeader title={t('transfer.title')} subtitle={t('transfer.subtitle')} />
      <div className={`container section section--tight ${styles.page}`}>
        <form
          className={`card ${styles.panel} ${styles.form}`}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className={styles.direction}>
            <div className={styles.directionSide}>
              <span>{t('transfer.from')}</span>
              <strong data-testid="transfer-from">{t(walletNameKey(from))}</strong>
            </div>
            <button
              type="button"
              className={styles.swap}
              aria-label={t('transfer.swap')}
              onClick={() => setTo(from)}
              data-testid="transfer-swap"
            >
              ⇄
            </button>
            <div className={styles.directionSide}>
              <span>{t('transfer.to')}</span>
              <strong data-testid="transfer-to">{t(walletNameKey(to))}</strong>
            </div>
          </div>
          <label className={styles.field}>
            <span>{t('transfer.amount')}</span>
            <input
              value={amount}
              inputMode="decimal"
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setAmount(amountFieldText(event.target.value))}
              data-testid="transfer-amount"
            />
            <button
              type="button"
              className={styles.inlineButton}
              onClick={() => setAmount(transferMaxText(available))}
              data-testid="transfer-max"
            >
              {t('transfer.max')}
            </button>
          </label>
          <AmountProblem problem={problem} scale={TRANSFER_SCALE} />
          <div className={styles.figure}>
            <span>{t('transfer.available')}</span>
            <strong data-testid="transfer-available">{formatUsdt(available)} USDT</strong>
          </div>
          <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="transfer-submit">
            {t('transfer.submit')}
          </button>
        </form>
        <RecentHead title={t('transfer.recent')} to={`/transfer/history/${SPOT_FUTURES}`} />
        <TransferTable rows={recent.data?.transfers ?? []} pending={recent.isPending} />
      </div>
      {message ? <MessageDialog message={message} onClose={() => setMessage(null)} /> : null}
    </>
  );
}
