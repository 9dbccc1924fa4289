import { useLocation } from 'react-router-dom';
import { PreparingPage } from '../../features/placeholder/PreparingPage.tsx';
import { useT, type MessageKey } from '../../i18n/I18nProvider.tsx';

const PAGES: Record<string, { title: MessageKey; body: MessageKey; next: { to: string; label: MessageKey } }> = {
  '/buy-crypto': {
    title: 'nav.buyCrypto',
    body: 'preparing.buyCrypto',
    next: { to: '/deposit', label: 'preparing.toDeposit' },
  },
  '/exchange': {
    title: 'nav.exchange',
    body: 'preparing.exchange',
    next: { to: '/markets', label: 'preparing.toMarkets' },
  },
  '/learn-crypto': {
    title: 'nav.learnCrypto',
    body: 'preparing.learnCrypto',
    next: { to: '/faq', label: 'preparing.toFaq' },
  },
};

/**
 * Seed 000 §2: /buy-crypto, /exchange and /learn-crypto appear in menus and their targets are not shown: each says
 * its service is being prepared, as /earn does (#28 item 11), and points to the closest open one.
 */
export default function MenuLinkPage() {
  const t = useT();
  const { pathname } = useLocation();
  const page = PAGES[pathname] ?? PAGES['/exchange']!;
  return (
    <PreparingPage
      title={page.title}
      heading={t('preparing.title', { screen: t(page.title) })}
      body={page.body}
      next={page.next}
      testId="menu-link-preparing"
    />
  );
}
