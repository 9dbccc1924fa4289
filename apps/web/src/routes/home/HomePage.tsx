import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../../api/session.ts';
import { HeroCard } from '../../features/market/HeroCard.tsx';
import { MarketTrendTable } from '../../features/market/MarketTrendTable.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
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
import styles from './HomePage.module.css';

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

export function HomePage() {
  const t = useT();
  const { accessToken } = useSession();
  return (
    <>
      <section className={styles.hero}>
        <div className={`container ${styles.heroInner}`}>
          <div>
            <span className={styles.eyebrow}>{t('home.eyebrow')}</span>
            <h1 className={styles.title}>{t('home.heroTitle')}</h1>
            <p className={styles.lead}>{t('home.heroLead')}</p>
            <div className={styles.actions}>
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
          <HeroCard />
        </div>
      </section>

      <MarketTrendTable />

      <section className="section container" aria-labelledby="features-title">
        <h2 id="features-title" className="section__title">
          {t('home.featuresTitle')}
        </h2>
        <div className={`grid ${styles.grid3}`}>
          {featureCards.map((card) => (
            <article key={card.title} className={`card ${styles.featureCard}`} data-testid="feature-card">
              <span className={styles.cardIcon}>{card.icon}</span>
              <h3 className={styles.cardTitle}>{t(card.title)}</h3>
              <p className="muted">{t(card.body)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section container" aria-labelledby="anywhere-title">
        <div className={`card ${styles.anywhere}`}>
          <div>
            <h2 id="anywhere-title" className="section__title">
              {t('home.anywhereTitle')}
            </h2>
            <p className="muted">{t('home.anywhereBody')}</p>
            <ul className={styles.checkList}>
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
          <div className={styles.devices} aria-hidden="true">
            <div className={`${styles.device} ${styles.desktop}`}>
              <span className={styles.deviceBar} />
              <span className={styles.deviceChart} />
            </div>
            <div className={`${styles.device} ${styles.phone}`}>
              <span className={styles.deviceBar} />
              <span className={styles.deviceChart} />
            </div>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="how-title">
        <h2 id="how-title" className="section__title">
          {t('home.howTitle')}
        </h2>
        <ol className={`grid ${styles.grid3} ${styles.steps}`}>
          {steps.map((step, index) => (
            <li key={step.title} className={`card ${styles.step}`} data-testid="how-step">
              <span className={styles.stepNumber}>{index + 1}</span>
              <span className={styles.cardIcon}>{step.icon}</span>
              <h3 className={styles.cardTitle}>{t(step.title)}</h3>
              <p className="muted">{t(step.body)}</p>
            </li>
          ))}
        </ol>
        <div className={styles.cta}>
          <Link to={accessToken ? '/options' : '/register'} className="btn btn--primary btn--lg">
            {t(accessToken ? 'home.getStarted' : 'home.createAccount')}
          </Link>
        </div>
      </section>
    </>
  );
}
