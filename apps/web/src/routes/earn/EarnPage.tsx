import { PreparingPage } from '../../features/placeholder/PreparingPage.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';

/** Seed 000 §1 / 001 §2: a placeholder stating that Earn is being prepared. */
export default function EarnPage() {
  const t = useT();
  return (
    <PreparingPage
      title="screen.earn"
      heading={t('earn.preparing')}
      body="earn.body"
      next={{ to: '/markets', label: 'nav.markets' }}
      testId="earn-preparing"
    />
  );
}
