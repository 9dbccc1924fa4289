import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useI18n, type MessageKey } from '../../../i18n/I18nProvider.tsx';
import { formatCount, formatMoney, formatNumber } from '../../../lib/format.ts';
import { distributePercent } from '../api.ts';
import { clampPercent, tierViews } from '../calc/tiers.ts';
import { distributedFee } from '../calc/fees.ts';
import { Panel, ScreenHead } from '../components/Panel.tsx';
import { Stats } from '../components/Stats.tsx';
import { TierTable } from '../components/TierTable.tsx';
import { usePartnerCall } from '../feedback.tsx';
import { partnerKeys, usePartner, usePartnerStream } from '../queries.ts';
import styles from '../partners.module.css';

/** /affiliates/partner (seed 001 §2.2): the partner's own figures and its downline tiers with fee distribution. */
export function PartnerScreen() {
  const { t } = useI18n();
  usePartnerStream();
  const queryClient = useQueryClient();
  const partner = usePartner().data;
  const call = usePartnerCall();
  const views = useMemo(() => (partner ? tierViews(partner) : []), [partner]);
  const top = views[0];

  // The top tier's percentages as typed, reset whenever the server's figures change.
  const [percents, setPercents] = useState<Record<number, string>>({});
  useEffect(() => {
    setPercents(
      Object.fromEntries(
        (top?.rows ?? []).map((row) => [row.no, String(clampPercent(String(row.parentsDistributePercent)))]),
      ),
    );
  }, [top]);

  const applyFees = async () => {
    if (!partner || !top) return;
    const items = top.rows.map((row) => {
      const percent = clampPercent(percents[row.no] ?? '0');
      return { no: row.no, nowFee: distributedFee(partner.nowFee, percent), parentsDistributePercent: percent };
    });
    const done = await call.run(() => distributePercent(items), t('partners.partner.success'), { toast: true });
    if (done) await queryClient.invalidateQueries({ queryKey: partnerKeys.partner });
  };

  const money = (value: Parameters<typeof formatMoney>[0] | undefined) =>
    value === undefined ? '-' : formatMoney(value);
  return (
    <div className={styles.screen} data-testid="partners-partner">
      <ScreenHead title={t('screen.affiliatesPartner')} />
      <Stats
        testId="partner-fields"
        items={[
          {
            label: t('partners.partner.level'),
            value: partner ? t(`level.${partner.level}` as MessageKey) : '-',
            testId: 'partner-level',
          },
          { label: t('partners.partner.name'), value: partner?.name ?? '-' },
          {
            label: t('partners.partner.nowFee'),
            value: partner ? `${formatNumber(partner.nowFee, 2)}%` : '-',
            testId: 'partner-fee',
          },
          { label: t('partners.partner.memberCount'), value: partner ? formatCount(partner.memberCount) : '-' },
          { label: t('partners.partner.phone'), value: partner?.phone ?? '-' },
        ]}
      />
      <Stats
        testId="partner-settlements"
        items={[
          { label: t('partners.settlement.today'), value: money(partner?.todaySettlement), unit: 'USDT' },
          { label: t('partners.settlement.week'), value: money(partner?.weekSettlement), unit: 'USDT' },
          { label: t('partners.settlement.total'), value: money(partner?.totalSettlement), unit: 'USDT' },
        ]}
      />
      {partner && views.length === 0 ? <p className={styles.noteWarn}>{t('partners.partner.noTiers')}</p> : null}
      {views.map((view) => (
        <Panel
          key={view.list}
          testId={`tier-${view.list}`}
          title={`${t(`level.${view.level}` as MessageKey)} (${view.rows.length})`}
          actions={
            view.editable && view.rows.length > 0 ? (
              <button
                type="button"
                className="btn btn--primary btn--sm"
                disabled={call.busy}
                onClick={() => void applyFees()}
                data-testid="fees-apply"
              >
                {t('partners.partner.feesApply')}
              </button>
            ) : null
          }
        >
          <TierTable
            rows={view.rows}
            testId={`tier-table-${view.list}`}
            editing={
              view.editable && partner
                ? {
                    parentFee: partner.nowFee,
                    percents,
                    onPercent: (no, value) => setPercents((current) => ({ ...current, [no]: value })),
                  }
                : null
            }
          />
        </Panel>
      ))}
      {call.dialog}
    </div>
  );
}
