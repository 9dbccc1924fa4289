import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../../api/session.ts';
import { MarketTrendTable } from '../../features/market/MarketTrendTable.tsx';
import { useTickers } from '../../features/market/queries.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import { formatNumber, formatPercent, trendOf } from '../../lib/format.ts';
import type { Trend } from '../../lib/format.ts';
import {
  BoltIcon,
  ChartIcon,
  ClockIcon,
  DeviceIcon,
  LockIcon,
  ShieldIcon,
  UserIcon,
  WalletIcon,
} from '../../ui/icons.tsx';

const featureCards: { icon: ReactNode; title: MessageKey; body: MessageKey }[] = [
  { icon: <ChartIcon />, title: 'home.feature1Title', body: 'home.feature1Body' },
  { icon: <ClockIcon />, title: 'home.feature2Title', body: 'home.feature2Body' },
  { icon: <WalletIcon />, title: 'home.feature3Title', body: 'home.feature3Body' },
];

const steps: { icon: ReactNode; title: MessageKey; body: MessageKey }[] = [
  { icon: <UserIcon />, title: 'home.step1Title', body: 'home.step1Body' },
  { icon: <ShieldIcon />, title: 'home.step2Title', body: 'home.step2Body' },
  { icon: <BoltIcon />, title: 'home.step3Title', body: 'home.step3Body' },
];

const SPARK_POINTS = [70, 64, 68, 55, 58, 44, 50, 38, 42, 30, 36, 24, 30, 18, 22, 12, 16];

/** A decorative sparkline whose direction and colour follow the 24h change. */
function HeroSpark({ trend }: { trend: Trend }) {
  const falling = trend === 'down';
  const points = (falling ? [...SPARK_POINTS].reverse() : SPARK_POINTS).map((y, index) => `${index * 20} ${y}`);
  const line = `M${points.join(' L')}`;
  const colour = falling ? 'var(--down)' : 'var(--up)';
  return (
    <svg className="hero__spark" viewBox="0 0 320 90" preserveAspectRatio="none" aria-hidden="true">
      <defs>
        <linearGradient id="hero-spark-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={colour} stopOpacity="0.35" />
          <stop offset="1" stopColor={colour} stopOpacity="0" />
        </linearGradient>
      </defs>
      <path d={`${line} L320 90 L0 90 Z`} fill="url(#hero-spark-fill)" />
      <path d={line} fill="none" stroke={colour} strokeWidth="2" />
    </svg>
  );
}

/** The hero's live card: BTCUSDT from the same ticker poll as the table. */
function HeroTicker() {
  const t = useT();
  const tickers = useTickers();
  const btc = tickers.data?.find((ticker) => ticker.symbol === 'BTCUSDT');
  return (
    <div className="hero__card card" aria-hidden={btc ? undefined : true}>
      <div className="hero__card-row">
        <span className="muted">BTC/USDT · {t('home.perpetual')}</span>
        {btc ? (
          <span className={`pill trend--${trendOf(btc.priceChangePercent)}`}>
            {formatPercent(btc.priceChangePercent)}
          </span>
        ) : null}
      </div>
      <div className="hero__card-price">
        {btc ? formatNumber(btc.lastPrice, 2) : <span className="skeleton skeleton--price" />}
      </div>
      <HeroSpark trend={btc ? trendOf(btc.priceChangePercent) : 'up'} />
      <div className="hero__card-grid">
        <span>
          <span className="muted">{t('home.heroLeverage')}</span>
          <strong>1–100×</strong>
        </span>
        <span>
          <span className="muted">{t('home.heroRound')}</span>
          <strong>60 s</strong>
        </span>
        <span>
          <span className="muted">{t('home.heroMaker')}</span>
          <strong>0.02%</strong>
        </span>
      </div>
    </div>
  );
}

export function HomePage() {
  const t = useT();
  const { accessToken } = useSession();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <span className="eyebrow">{t('home.eyebrow')}</span>
            <h1 className="hero__title">{t('home.heroTitle')}</h1>
            <p className="hero__lead">{t('home.heroLead')}</p>
            <div className="hero__actions">
              <Link to="/options" className="btn btn--primary btn--lg">
                {t('home.getStarted')}
              </Link>
              {accessToken ? null : (
                <Link to="/register" className="btn btn--ghost btn--lg">
                  {t('nav.register')}
                </Link>
              )}
            </div>
          </div>
          <HeroTicker />
        </div>
      </section>

      <MarketTrendTable />

      <section className="section container" aria-labelledby="features-title">
        <h2 id="features-title" className="section__title">
          {t('home.featuresTitle')}
        </h2>
        <div className="grid grid--3">
          {featureCards.map((card) => (
            <article key={card.title} className="card feature-card">
              <span className="feature-card__icon">{card.icon}</span>
              <h3 className="feature-card__title">{t(card.title)}</h3>
              <p className="muted">{t(card.body)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section container" aria-labelledby="anywhere-title">
        <div className="card anywhere">
          <div className="anywhere__copy">
            <h2 id="anywhere-title" className="section__title">
              {t('home.anywhereTitle')}
            </h2>
            <p className="muted">{t('home.anywhereBody')}</p>
            <ul className="check-list">
              <li>
                <DeviceIcon size={18} /> {t('home.anywherePoint1')}
              </li>
              <li>
                <LockIcon size={18} /> {t('home.anywherePoint2')}
              </li>
              <li>
                <BoltIcon size={18} /> {t('home.anywherePoint3')}
              </li>
            </ul>
          </div>
          <div className="anywhere__devices" aria-hidden="true">
            <div className="device device--desktop">
              <span className="device__bar" />
              <span className="device__chart" />
            </div>
            <div className="device device--phone">
              <span className="device__bar" />
              <span className="device__chart" />
            </div>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="how-title">
        <h2 id="how-title" className="section__title">
          {t('home.howTitle')}
        </h2>
        <ol className="grid grid--3 steps">
          {steps.map((step, index) => (
            <li key={step.title} className="card step">
              <span className="step__number">{index + 1}</span>
              <span className="feature-card__icon">{step.icon}</span>
              <h3 className="feature-card__title">{t(step.title)}</h3>
              <p className="muted">{t(step.body)}</p>
            </li>
          ))}
        </ol>
        <div className="section__cta">
          <Link to={accessToken ? '/options' : '/register'} className="btn btn--primary btn--lg">
            {t(accessToken ? 'home.getStarted' : 'home.createAccount')}
          </Link>
        </div>
      </section>
    </>
  );
}
