import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { DataTable, type Column } from '../../../ui/DataTable.tsx';
import { registerWithdrawSettlement } from '../api.ts';
import { toCsv } from '../calc/csv.ts';
import { subtractDecimal } from '../calc/fees.ts';
import { CsvButton } from '../components/CsvButton.tsx';
import { Panel, ScreenHead, TABLE_SCROLL } from '../components/Panel.tsx';
import { SettlementDayDetail } from '../components/SettlementDayDetail.tsx';
import { SettlementDaysTable } from '../components/SettlementDaysTable.tsx';
import { Stats } from '../components/Stats.tsx';
import { usePartnerCall } from '../feedback.tsx';
import { REQUEST_STATUS } from '../messages.ts';
import {
  partnerKeys,
  usePartnerStream,
  useSettlement,
  useSettlementApplications,
  useSettlementDays,
} from '../queries.ts';
import type { WithdrawSettlementRow } from '@tickline/protocol';
import styles from '../partners.module.css';

type Tab = 'apply' | 'settlement';

/** /affiliates/history (seed 001 §2.4): the summary, the withdrawable settlement with Apply, and two tabs. */
export function HistoryScreen() {
  const t = useT();
  usePartnerStream();
  const queryClient = useQueryClient();
  const summary = useSettlement().data;
  const applications = useSettlementApplications();
  const days = useSettlementDays();
  const [tab, setTab] = useState<Tab>('apply');
  const [openDay, setOpenDay] = useState<string | null>(null);
  const call = usePartnerCall();

  // Seed 001 §2.4: withdrawable = settlement − withdrawSettlement, exactly (decimal text, no floating point).
  const withdrawable = summary ? (subtractDecimal(summary.settlement, summary.withdrawSettlement) ?? '0') : '';

  const apply = async () => {
    // The seed shows no client-side check of the amount: the server decides and its message is shown.
    const done = await call.run(() => registerWithdrawSettlement(withdrawable || '0'), t('partners.history.completed'));
    if (done) {
      void queryClient.invalidateQueries({ queryKey: partnerKeys.settlement });
      void queryClient.invalidateQueries({ queryKey: partnerKeys.applications });
    }
  };

  const money = (value: Parameters<typeof formatMoney>[0] | undefined) =>
    value === undefined ? '-' : formatMoney(value);
  const applyColumns: Column<WithdrawSettlementRow>[] = [
    { header: t('partners.history.date'), cell: (row) => formatDateTime(row.insertDate) },
    { header: t('partners.history.state'), cell: (row) => REQUEST_STATUS[row.status] ?? String(row.status) },
    { header: t('partners.history.amount'), className: 'num', cell: (row) => formatMoney(row.settlement) },
  ];
  const applicationRows = (applications.data ?? []).map((row, index) => ({ ...row, key: row.no ?? index }));

  const settlementsCsv = async () =>
    toCsv(
      ['day', 'nowFee', 'settlement'],
      (days.data ?? []).map((row) => [row.day, String(row.nowFee), String(row.settlement)]),
    );

  return (
    <div className={styles.screen} data-testid="partners-history">
      <ScreenHead title={t('screen.affiliatesHistory')} note={t('affiliates.settlementNote')} />
      <Stats
        testId="history-summary"
        items={[
          { label: t('partners.history.userDeposit'), value: money(summary?.belowUserCompleteDeposits), unit: 'USDT' },
          {
            label: t('partners.history.userWithdraw'),
            value: money(summary?.belowUserCompleteWithdraws),
            unit: 'USDT',
          },
          { label: t('partners.history.userBalance'), value: money(summary?.belowUserBalance), unit: 'USDT' },
          { label: t('partners.history.received'), value: money(summary?.receive), unit: 'USDT' },
          {
            label: t('partners.history.todaySettlement'),
            value: money(summary?.todaySettlement),
            unit: 'USDT',
            testId: 'history-today',
          },
        ]}
      />
      <Panel>
        <div className={`${styles.panelBody} ${styles.inline}`}>
          <div className="field">
            <label className="field__label" htmlFor="withdrawable-settlement">
              {t('partners.history.withdrawable')}
            </label>
            <input
              id="withdrawable-settlement"
              className="input"
              readOnly
              value={summary ? formatMoney(withdrawable) : ''}
              data-testid="withdrawable"
            />
          </div>
          <button
            type="button"
            className="btn btn--primary"
            disabled={call.busy || !summary}
            onClick={() => void apply()}
            data-testid="settlement-apply"
          >
            {t('partners.history.apply')}
          </button>
        </div>
      </Panel>
      <Panel
        title={
          <div className={styles.tabs} role="tablist">
            {(['apply', 'settlement'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                className={styles.tab}
                aria-selected={tab === name}
                onClick={() => setTab(name)}
              >
                {t(name === 'apply' ? 'partners.history.tabApply' : 'partners.history.tabSettlement')}
              </button>
            ))}
          </div>
        }
        actions={
          tab === 'settlement' ? (
            <CsvButton fileName="settlements.csv" build={settlementsCsv} testId="settlements-csv" />
          ) : null
        }
      >
        {tab === 'apply' ? (
          <DataTable
            columns={applyColumns}
            rows={applicationRows}
            rowKey="key"
            wrapperClassName={TABLE_SCROLL}
            testId="applications-table"
            pending={applications.isPending}
            skeletonRows={4}
            emptyMessage={t('partners.history.empty')}
          />
        ) : (
          <SettlementDaysTable
            rows={days.data ?? []}
            pending={days.isPending}
            onOpenDay={setOpenDay}
            testId="settlement-days"
          />
        )}
      </Panel>
      {openDay ? <SettlementDayDetail day={openDay} onClose={() => setOpenDay(null)} /> : null}
      {call.dialog}
    </div>
  );
}
