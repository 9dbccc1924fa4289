import { useLocation } from 'react-router-dom';
import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';

const titles: Record<string, MessageKey> = {
  '/buy-crypto': 'nav.buyCrypto',
  '/exchange': 'nav.exchange',
  '/learn-crypto': 'nav.learnCrypto',
};

/** Seed 000 §2: /buy-crypto, /exchange and /learn-crypto appear in menus; their screens are not specified yet. */
export default function MenuLinkPage() {
  const { pathname } = useLocation();
  return <NotOpenYet title={titles[pathname] ?? 'nav.exchange'} layout="single" panels={['frame.content']} />;
}
