import { useParams } from 'react-router-dom';
import { useT } from '../../i18n/I18nProvider.tsx';
import { PageHeader } from '../layout/PageHeader.tsx';
import { useDeposits, useTransfers, useWalletConfig, useWalletStream, useWithdrawals } from './queries.ts';
import { DepositTable, TransferTable, WithdrawalTable } from './WalletTables.tsx';
import styles from './wallet.module.css';

/** Seed 001 §2 /deposit/history: the full deposit list, live. */
export function DepositHistoryScreen() {
  const t = useT();
  const deposits = useDeposits();
  const confirmations = useWalletConfig().data?.confirmations ?? 0;
  useWalletStream();
  return (
    <>
      <PageHeader title={t('deposit.history')} />
      <div className={`container section section--tight ${styles.page}`}>
        <DepositTable rows={deposits.data?.deposits ?? []} pending={deposits.isPending} confirmations={confirmations} />
      </div>
    </>
  );
}

/** Seed 001 §2 /withdraw/history: the full withdrawal list, live. */
export function WithdrawHistoryScreen() {
  const t = useT();
  const withdrawals = useWithdrawals();
  useWalletStream();
  return (
    <>
      <PageHeader title={t('withdraw.history')} />
      <div className={`container section section--tight ${styles.page}`}>
        <WithdrawalTable rows={withdrawals.data?.withdraws ?? []} pending={withdrawals.isPending} />
      </div>
    </>
  );
}

/** Seed 001 §2 /transfer/history/{type}: the transfers of that type. */
export function TransferHistoryScreen() {
  const t = useT();
  const type = Number(useParams().type ?? 2);
  const transfers = useTransfers(Number.isInteger(type) && type > 0 ? type : 2, false);
  useWalletStream();
  return (
    <>
      <PageHeader title={t('transfer.history')} />
      <div className={`container section section--tight ${styles.page}`}>
        <TransferTable rows={transfers.data?.transfers ?? []} pending={transfers.isPending} />
      </div>
    </>
  );
}
