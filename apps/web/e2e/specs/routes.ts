// Seed 000 §2 route table, written out independently of the app so the suite checks the app against the seeds.

export const LOGIN_REQUIRED_ROUTES = [
  '/profile',
  '/wallet',
  '/deposit',
  '/deposit/history',
  '/withdraw',
  '/withdraw/history',
  '/transfer/history/2',
  '/transfer/futures',
  '/trade/history',
  '/affiliates',
  '/affiliates/partner',
  '/affiliates/members',
  '/affiliates/trading',
  '/affiliates/history',
  '/affiliates/withdraw',
];

export const AFFILIATE_ROUTES = LOGIN_REQUIRED_ROUTES.filter((route) => route.startsWith('/affiliates'));

export const PUBLIC_ROUTES = [
  '/',
  '/privacy',
  '/terms',
  '/legal',
  '/fee',
  '/register',
  '/register/ABCDEF',
  '/login',
  '/findid',
  '/findpass',
  '/verification',
  '/futures',
  '/options',
  '/markets',
  '/earn',
  '/faq',
];
