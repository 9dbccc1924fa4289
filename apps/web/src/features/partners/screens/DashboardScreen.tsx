import { Link } from 'react-router-dom';
import { useI18n, type MessageKey } from '../../../i18n/I18nProvider.tsx';
import { formatCount, formatMoney } from '../../../lib/format.ts';
import { useUserInfo } from '../../account/queries.ts';
import { Panel, ScreenHead } from '../components/Panel.tsx';
import { SettlementDaysTable } from '../components/SettlementDaysTable.tsx';
import { Stats } from '../components/Stats.tsx';
import { usePartner, usePartnerStream, useSettlement, useSettlementDays } from '../queries.ts';
import styles from '../partners.module.css';

const RECENT_DAYS = 7;

/** /affiliates: seed 000's user-info referral counts and today's settlement figures, with the last days below. */
export function DashboardScreen() {
  const { t } = useI18n();
  usePartnerStream();
  const info = useUserInfo().data;
  const partner = usePartner().data;
  const summary = useSettlement().data;
  const days = useSettlementDays();
  const count = (value: number | undefined) => (value === undefined ? '-' : formatCount(value));
  const money = (value: Parameters<typeof formatMoney>[0]) => (value === undefined ? '-' : formatMoney(value));
  const levelKey = `level.${info?.level ?? 1}` as MessageKey;

  return (
    <div className={styles.screen} data-testid="partners-dashboard">
      <ScreenHead
        title={t('screen.affiliates')}
        note={
          info ? `${info.name} · ${t(levelKey)} · ${t('partners.dashboard.referralCode')} ${info.referralCode}` : null
        }
      />
      <Stats
        testId="dashboard-counts"
        items={[
          { label: t('partners.dashboard.referrals'), value: count(info?.belowReferCount), testId: 'belowReferCount' },
          { label: t('partners.dashboard.members'), value: count(info?.belowMemberCount), testId: 'belowMemberCount' },
          { label: t('partners.dashboard.todayJoins'), value: count(info?.todayJoinCount), testId: 'todayJoinCount' },
          { label: t('partners.dashboard.weekJoins'), value: count(info?.weekJoinCount), testId: 'weekJoinCount' },
        ]}
      />
      <Panel title={t('partners.dashboard.today')}>
        <Stats
          flush
          testId="dashboard-today"
          items={[
            {
              label: t('partners.settlement.today'),
              value: money(summary?.todaySettlement ?? partner?.todaySettlement),
              unit: 'USDT',
              testId: 'todaySettlement',
            },
            { label: t('partners.settlement.week'), value: money(partner?.weekSettlement), unit: 'USDT' },
            { label: t('partners.settlement.total'), value: money(partner?.totalSettlement), unit: 'USDT' },
            {
              label: t('partners.history.userDeposit'),
              value: money(summary?.belowUserCompleteDeposits),
              unit: 'USDT',
            },
            {
              label: t('partners.history.userWithdraw'),
              value: money(summary?.belowUserCompleteWithdraws),
              unit: 'USDT',
            },
          ]}
        />
        <p className={`${styles.panelBody} ${styles.note}`}>{t('affiliates.settlementNote')}</p>
      </Panel>
      <Panel
        title={t('partners.dashboard.recentDays')}
        actions={
          <Link className="link link--small" to="/affiliates/history">
            {t('screen.affiliatesHistory')}
          </Link>
        }
      >
        <SettlementDaysTable
          rows={(days.data ?? []).slice(0, RECENT_DAYS)}
          pending={days.isPending}
          testId="dashboard-days"
        />
      </Panel>
    </div>
  );
}
