import { PageHeader } from '../../features/layout/PageHeader.tsx';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { faqContent } from './faqContent.ts';
import styles from './FaqPage.module.css';

/** Seed 001 §2: collapsible questions (native <details>, so they work without script and with the keyboard). */
export default function FaqPage() {
  const { language, t } = useI18n();
  return (
    <>
      <PageHeader title={t('faq.title')} subtitle={t('faq.subtitle')} />
      <div className="container section section--tight">
        <div className={styles.faq} data-testid="faq">
          {faqContent[language].map((entry) => (
            <details key={entry.question} className={`${styles.item} card`}>
              <summary className={styles.question}>
                <span>{entry.question}</span>
                <ChevronDownIcon className={styles.chevron} />
              </summary>
              <div className={styles.answer}>
                {entry.answer.map((paragraph) => (
                  <p key={paragraph.slice(0, 40)}>{paragraph}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
      </div>
    </>
  );
}
