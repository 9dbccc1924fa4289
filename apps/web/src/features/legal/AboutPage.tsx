import { Link } from 'react-router-dom';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import { PageHeader } from '../layout/PageHeader.tsx';
import { OPERATOR } from './LegalDocument.tsx';
import styles from './legal.module.css';

const PRODUCT_POINTS: MessageKey[] = [
  'about.productFutures',
  'about.productOptions',
  'about.productWallet',
  'about.productPartners',
];

/** #18: the footer's About: the operator, the product and how to reach us. */
export function AboutPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('about.title')} subtitle={t('about.subtitle')} />
      <div className="container section section--tight">
        <article className={`card ${styles.doc}`} data-testid="about">
          <section className={styles.section}>
            <h2>{t('about.operatorTitle')}</h2>
            <p>
              {t('about.operatorBody', {
                name: OPERATOR.name,
                jurisdiction: OPERATOR.jurisdiction,
                address: OPERATOR.address,
              })}
            </p>
          </section>
          <section className={styles.section}>
            <h2>{t('about.productTitle')}</h2>
            <ul>
              {PRODUCT_POINTS.map((point) => (
                <li key={point}>{t(point)}</li>
              ))}
            </ul>
          </section>
          <section className={styles.section}>
            <h2>{t('about.contactTitle')}</h2>
            <p>{t('about.contactSupport')}</p>
            <p>
              {t('about.contactLegal')}{' '}
              <a href={`mailto:${OPERATOR.email}`} className="link">
                {OPERATOR.email}
              </a>
            </p>
            <p className="muted">
              {t('about.risk')}{' '}
              <Link to="/legal" className="link">
                {t('footer.legal')}
              </Link>
            </p>
          </section>
        </article>
      </div>
    </>
  );
}
