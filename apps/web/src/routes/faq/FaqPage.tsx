import { PageHeader } from '../../features/layout/PageHeader.tsx';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { faqContent } from './faqContent.ts';

/** Seed 001 §2: collapsible questions (native <details>, so they work without script and with the keyboard). */
export default function FaqPage() {
  const { language, t } = useI18n();
  return (
    <>
      <PageHeader title={t('faq.title')} subtitle={t('faq.subtitle')} />
      <div className="container section section--tight">
        <div className="faq" data-testid="faq">
          {faqContent[language].map((entry) => (
            <details key={entry.question} className="faq__item card">
              <summary className="faq__question">
                <span>{entry.question}</span>
                <ChevronDownIcon className="faq__chevron" />
              </summary>
              <div className="faq__answer">
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
