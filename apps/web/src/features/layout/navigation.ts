import type { MessageKey } from '../../i18n/I18nProvider.tsx';

export interface NavLinkItem {
  to: string;
  label: MessageKey;
}

export interface NavGroup {
  label: MessageKey;
  items: NavLinkItem[];
}

// Seed 000 §2 header: navigation links, a Trade dropdown (Futures, Option) and a Support dropdown (Faq).
export const primaryLinks: NavLinkItem[] = [
  { to: '/buy-crypto', label: 'nav.buyCrypto' },
  { to: '/markets', label: 'nav.markets' },
];
export const tradeGroup: NavGroup = {
  label: 'nav.trade',
  items: [
    { to: '/futures', label: 'nav.futures' },
    { to: '/options', label: 'nav.option' },
  ],
};
export const secondaryLinks: NavLinkItem[] = [
  { to: '/earn', label: 'nav.earn' },
  { to: '/learn-crypto', label: 'nav.learnCrypto' },
];
export const supportGroup: NavGroup = {
  label: 'nav.support',
  items: [{ to: '/faq', label: 'nav.faq' }],
};

/** The account menu's links (seed 000 §2), shown in the header dropdown and the mobile menu. */
export const accountLinks: NavLinkItem[] = [
  { to: '/deposit', label: 'nav.deposit' },
  { to: '/withdraw', label: 'nav.withdraw' },
  { to: '/transfer/futures', label: 'nav.transferFutures' },
];

export const footerLinks: NavLinkItem[] = [
  { to: '/about', label: 'footer.about' },
  { to: '/privacy', label: 'footer.privacy' },
  { to: '/terms', label: 'footer.terms' },
  { to: '/legal', label: 'footer.legal' },
  { to: '/faq', label: 'footer.helpFaq' },
  { to: '/fee', label: 'footer.fee' },
];
