import { PageHeader } from '../../features/layout/PageHeader.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import type { Column, DataTableProps } from '../../ui/DataTable.tsx';
import styles from './FeePage.module.css';

/** Seed 000 §9 / 001 §2: futures maker 0.02%, taker 0.03%; USDT withdrawal fee 5, minimum 10, limits 1M. */
export const FEES = {
  futures: [{ pair: 'BTC/USDT', makerPercent: '0.02%', takerPercent: '0.03%' }],
  withdrawal: [
    {
      coin: 'USDT',
      network: 'BEP-20 (BSC)',
      fee: '5',
      minimum: '10',
      singleLimit: '1,000,000',
      dailyLimit: '1,000,000',
    },
  ],
};

type FuturesFee = (typeof FEES.futures)[number];
type WithdrawalFee = (typeof FEES.withdrawal)[number];

const inUsdt = (amount: string) => `${amount} USDT`;

/** A titled card holding one fee table. */
function FeeTable<Row>({ title, ...table }: { title: MessageKey } & Omit<DataTableProps<Row>, 'wrapperClassName'>) {
  const t = useT();
  return (
    <section className="card table-card">
      <h2 className={`card__title ${styles.tableTitle}`}>{t(title)}</h2>
      <DataTable wrapperClassName="table-scroll" {...table} />
    </section>
  );
}

export default function FeePage() {
  const t = useT();
  const futuresCols: Column<FuturesFee>[] = [
    {
      header: t('fee.pair'),
      cell: (row) => (
        <>
          <strong>{row.pair}</strong> <span className="muted">{t('fee.perpetual')}</span>
        </>
      ),
    },
    { header: t('fee.maker'), className: 'num', cell: (row) => row.makerPercent },
    { header: t('fee.taker'), className: 'num', cell: (row) => row.takerPercent },
  ];
  const withdrawalCols: Column<WithdrawalFee>[] = [
    { header: t('fee.coin'), labelled: true, cell: (row) => <strong>{row.coin}</strong> },
    { header: t('fee.network'), labelled: true, cell: (row) => row.network },
    { header: t('fee.withdrawalFee'), className: 'num', labelled: true, cell: (row) => inUsdt(row.fee) },
    { header: t('fee.minimum'), className: 'num', labelled: true, cell: (row) => inUsdt(row.minimum) },
    { header: t('fee.singleLimit'), className: 'num', labelled: true, cell: (row) => inUsdt(row.singleLimit) },
    { header: t('fee.dailyLimit'), className: 'num', labelled: true, cell: (row) => inUsdt(row.dailyLimit) },
  ];
  return (
    <>
      <PageHeader title={t('fee.title')} subtitle={t('fee.subtitle')} />
      <div className="container section section--tight stack stack--lg">
        <FeeTable
          title="fee.futuresTitle"
          testId="futures-fees"
          columns={futuresCols}
          rows={FEES.futures}
          rowKey="pair"
        />
        <FeeTable
          title="fee.withdrawalTitle"
          className="table--stack"
          testId="withdrawal-fees"
          columns={withdrawalCols}
          rows={FEES.withdrawal}
          rowKey="coin"
        />
        <p className="footnote muted">{t('fee.note')}</p>
      </div>
    </>
  );
}
