import { DepositStatus, WithdrawalStatus } from '@tickline/protocol';
import type { DepositRow, TransferRow, WithdrawalRow } from '@tickline/protocol';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/format.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { DataTable, type Column, type DataTableProps } from '../../ui/DataTable.tsx';
import { shortHex, usdtText, walletNameKey } from './format.ts';
import styles from './wallet.module.css';

const WRAPPER = `card table-card table-scroll ${styles.tableCard}`;

/** The wallet's lists: stacked into cards on phones, three skeleton rows while loading, the same empty text. */
function WalletTable<Row>(props: Pick<DataTableProps<Row>, 'columns' | 'rows' | 'rowKey' | 'testId' | 'pending'>) {
  const t = useT();
  return (
    <DataTable
      {...props}
      className="table--stack"
      wrapperClassName={WRAPPER}
      skeletonRows={3}
      emptyMessage={t('walletTable.empty')}
    />
  );
}

function StatusBadge({ tone, children, testId }: { tone: 'wait' | 'ok' | 'bad'; children: string; testId: string }) {
  return (
    <span className={`${styles.status} ${styles[tone]}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** Seed 001 §3 deposit rows (insertDate, amount, fee, status) plus the transaction and its confirmations. */
export function DepositTable({
  rows,
  pending,
  confirmations,
}: {
  rows: readonly DepositRow[];
  pending: boolean;
  confirmations: number;
}) {
  const t = useT();
  const status = (row: DepositRow) =>
    row.status === DepositStatus.Confirming ? (
      <StatusBadge tone="wait" testId="deposit-status">
        {t('deposit.confirming', { n: `${Math.min(row.confirmations, confirmations)}/${confirmations}` })}
      </StatusBadge>
    ) : row.status === DepositStatus.Completed ? (
      <StatusBadge tone="ok" testId="deposit-status">
        {t('deposit.completed')}
      </StatusBadge>
    ) : (
      <StatusBadge tone="bad" testId="deposit-status">
        {t('deposit.reverted')}
      </StatusBadge>
    );
  const columns: Column<DepositRow>[] = [
    { header: t('walletTable.time'), labelled: true, cell: (row) => formatDateTime(row.insertDate) },
    { header: t('walletTable.coin'), labelled: true, cell: () => 'USDT' },
    { header: t('walletTable.amount'), className: 'num', labelled: true, cell: (row) => usdtText(row.amount) },
    { header: t('walletTable.fee'), className: 'num', labelled: true, cell: (row) => usdtText(row.fee) },
    { header: t('walletTable.status'), labelled: true, cell: status },
    {
      header: t('walletTable.txHash'),
      labelled: true,
      cell: (row) => <span title={row.txHash}>{shortHex(row.txHash)}</span>,
    },
  ];
  return <WalletTable columns={columns} rows={rows} rowKey="no" testId="deposit-table" pending={pending} />;
}

const WITHDRAWAL_STATUS = {
  1: 'withdraw.status1',
  2: 'withdraw.status2',
  3: 'withdraw.status3',
  4: 'withdraw.status4',
} as const;
const WITHDRAWAL_TONE = { 1: 'wait', 2: 'ok', 3: 'bad', 4: 'bad' } as const;

/** Seed 001 §3 withdraw rows (insertDate, amount, fee, walletAddress, status), the hash once sent, cancel while waiting. */
export function WithdrawalTable({
  rows,
  pending,
  onCancel,
}: {
  rows: readonly WithdrawalRow[];
  pending: boolean;
  onCancel?: (no: number) => void;
}) {
  const t = useT();
  const columns: Column<WithdrawalRow>[] = [
    { header: t('walletTable.time'), labelled: true, cell: (row) => formatDateTime(row.insertDate) },
    { header: t('walletTable.amount'), className: 'num', labelled: true, cell: (row) => usdtText(row.amount) },
    { header: t('walletTable.fee'), className: 'num', labelled: true, cell: (row) => usdtText(row.fee) },
    {
      header: t('walletTable.address'),
      labelled: true,
      cell: (row) => <span title={row.walletAddress}>{shortHex(row.walletAddress)}</span>,
    },
    {
      header: t('walletTable.status'),
      labelled: true,
      cell: (row) => (
        <span title={row.reason ?? undefined}>
          <StatusBadge tone={WITHDRAWAL_TONE[row.status]} testId="withdraw-status">
            {t(WITHDRAWAL_STATUS[row.status])}
          </StatusBadge>
        </span>
      ),
    },
    {
      header: t('walletTable.txHash'),
      labelled: true,
      cell: (row) =>
        row.txHash ? (
          <span title={row.txHash} data-testid="withdraw-tx">
            {shortHex(row.txHash)}
          </span>
        ) : (
          '-'
        ),
    },
  ];
  if (onCancel)
    columns.push({
      header: t('walletTable.action'),
      labelled: true,
      cell: (row) =>
        row.status === WithdrawalStatus.Wait ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => onCancel(row.no)}
            data-testid="withdraw-cancel"
          >
            {t('withdraw.cancel')}
          </button>
        ) : null,
    });
  return <WalletTable columns={columns} rows={rows} rowKey="no" testId="withdraw-table" pending={pending} />;
}

type KeyedTransfer = TransferRow & { key: string };

/** Seed 001 §3 transfer rows (insertDate, sell, sellAmount, buy, buyAmount); the status is always SUCCESS. */
export function TransferTable({ rows, pending }: { rows: readonly TransferRow[]; pending: boolean }) {
  const t = useT();
  const keyed: KeyedTransfer[] = rows.map((row, index) => ({ ...row, key: `${row.insertDate}-${index}` }));
  const columns: Column<KeyedTransfer>[] = [
    { header: t('walletTable.time'), labelled: true, cell: (row) => formatDateTime(row.insertDate) },
    { header: t('walletTable.from'), labelled: true, cell: (row) => t(walletNameKey(row.sell)) },
    { header: t('walletTable.to'), labelled: true, cell: (row) => t(walletNameKey(row.buy)) },
    { header: t('walletTable.amount'), className: 'num', labelled: true, cell: (row) => usdtText(row.buyAmount) },
    {
      header: t('walletTable.status'),
      labelled: true,
      cell: () => (
        <StatusBadge tone="ok" testId="transfer-status">
          {t('transfer.success')}
        </StatusBadge>
      ),
    },
  ];
  return <WalletTable columns={columns} rows={keyed} rowKey="key" testId="transfer-table" pending={pending} />;
}

/** The heading of a recent list with its View more link (seed 001 §2). */
export function RecentHead({ title, to }: { title: string; to: string }) {
  const t = useT();
  return (
    <div className={styles.recentHead}>
      <h2>{title}</h2>
      <Link to={to} className={styles.viewMore} data-testid="view-more">
        {t('walletTable.viewMore')}
      </Link>
    </div>
  );
}
