import { PageHeader } from '../layout/PageHeader.tsx';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import styles from './legal.module.css';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** Shared by the privacy, terms and legal pages: the operator's name, address and the last revision. */
export const OPERATOR = {
  name: 'Tickline Technologies Limited',
  jurisdiction: 'Hong Kong Special Administrative Region',
  address: 'Level 19, Two International Finance Centre, 8 Finance Street, Central, Hong Kong',
  email: 'legal@tickline.dev',
  revised: '2024-06-01',
};

/** A static legal text. The binding version is English; Korean readers see a note saying so. */
export function LegalDocument({ title, intro, sections }: { title: string; intro: string; sections: LegalSection[] }) {
  const { language, t } = useI18n();
  return (
    <>
      <PageHeader title={title} subtitle={t('legal.revised', { date: OPERATOR.revised })} />
      <div className="container section section--tight">
        <article className={`card ${styles.doc}`}>
          {language !== 'en' ? <p className="note">{t('legal.englishPrevails')}</p> : null}
          <p className={styles.intro}>{intro}</p>
          {sections.map((section) => (
            <section key={section.heading} className={styles.section}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
