import { Route, Routes } from 'react-router-dom';
import { RedirectIfLoggedIn, RequireLogin, RequirePartner } from '../app/guards.tsx';
import { lazyPage } from '../app/lazyPage.tsx';
import { SiteLayout } from '../features/layout/SiteLayout.tsx';
import { HomePage } from './home/HomePage.tsx';

// Seed 000 §2 route table (and seed 001 §2). Home ships in the first bundle; every other screen is its own chunk.
const MarketsPage = lazyPage(() => import('./markets/MarketsPage.tsx'));
const CoinPage = lazyPage(() => import('./coin/CoinPage.tsx'));
const LoginPage = lazyPage(() => import('./login/LoginPage.tsx'));
const RegisterPage = lazyPage(() => import('./register/RegisterPage.tsx'));
const FindIdPage = lazyPage(() => import('./findid/FindIdPage.tsx'));
const FindPasswordPage = lazyPage(() => import('./findpass/FindPasswordPage.tsx'));
const VerificationPage = lazyPage(() => import('./verification/VerificationPage.tsx'));
const ProfilePage = lazyPage(() => import('./profile/ProfilePage.tsx'));
const ProfileSecurityPage = lazyPage(() => import('./profile-security/ProfileSecurityPage.tsx'));
const PrivacyPage = lazyPage(() => import('./privacy/PrivacyPage.tsx'));
const TermsPage = lazyPage(() => import('./terms/TermsPage.tsx'));
const LegalPage = lazyPage(() => import('./legal/LegalPage.tsx'));
const FeePage = lazyPage(() => import('./fee/FeePage.tsx'));
const AboutPage = lazyPage(() => import('./about/AboutPage.tsx'));
const EarnPage = lazyPage(() => import('./earn/EarnPage.tsx'));
const FaqPage = lazyPage(() => import('./faq/FaqPage.tsx'));
const FuturesPage = lazyPage(() => import('./futures/FuturesPage.tsx'));
const OptionsPage = lazyPage(() => import('./options/OptionsPage.tsx'));
const OptionRoundPage = lazyPage(() => import('./option-round/OptionRoundPage.tsx'));
const ReservesPage = lazyPage(() => import('./reserves/ReservesPage.tsx'));
const WalletPage = lazyPage(() => import('./wallet/WalletPage.tsx'));
const DepositPage = lazyPage(() => import('./deposit/DepositPage.tsx'));
const DepositHistoryPage = lazyPage(() => import('./deposit-history/DepositHistoryPage.tsx'));
const WithdrawPage = lazyPage(() => import('./withdraw/WithdrawPage.tsx'));
const WithdrawHistoryPage = lazyPage(() => import('./withdraw-history/WithdrawHistoryPage.tsx'));
const TransferFuturesPage = lazyPage(() => import('./transfer-futures/TransferFuturesPage.tsx'));
const TransferHistoryPage = lazyPage(() => import('./transfer-history/TransferHistoryPage.tsx'));
const AdminPage = lazyPage(() => import('./admin/AdminPage.tsx'));
const TradeHistoryPage = lazyPage(() => import('./trade-history/TradeHistoryPage.tsx'));
const AffiliatesLayout = lazyPage(() => import('./affiliates/AffiliatesLayout.tsx'));
const AffiliatesDashboardPage = lazyPage(() => import('./affiliates/dashboard/AffiliatesDashboardPage.tsx'));
const AffiliatesPartnerPage = lazyPage(() => import('./affiliates/partner/AffiliatesPartnerPage.tsx'));
const AffiliatesMembersPage = lazyPage(() => import('./affiliates/members/AffiliatesMembersPage.tsx'));
const AffiliatesTradingPage = lazyPage(() => import('./affiliates/trading/AffiliatesTradingPage.tsx'));
const AffiliatesHistoryPage = lazyPage(() => import('./affiliates/history/AffiliatesHistoryPage.tsx'));
const AffiliatesWithdrawPage = lazyPage(() => import('./affiliates/withdraw/AffiliatesWithdrawPage.tsx'));
const AffiliatesSecurityPage = lazyPage(() => import('./affiliates/security/AffiliatesSecurityPage.tsx'));
const MenuLinkPage = lazyPage(() => import('./menu-link/MenuLinkPage.tsx'));
const NotFoundPage = lazyPage(() => import('./not-found/NotFoundPage.tsx'));

export function AppRoutes() {
  return (
    <Routes>
      {/* The trading screen has its own full-height layout (in its chunk), not the site's header-and-footer page. */}
      <Route path="futures" element={<FuturesPage />} />
      <Route path="futures/:symbol" element={<FuturesPage />} />
      {/* Operators only, in the console's own frame (#28): its chunk sends anyone else home. */}
      <Route element={<RequireLogin />}>
        <Route path="admin/*" element={<AdminPage />} />
      </Route>
      <Route element={<SiteLayout />}>
        {/* Public */}
        <Route index element={<HomePage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="legal" element={<LegalPage />} />
        <Route path="fee" element={<FeePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route element={<RedirectIfLoggedIn />}>
          <Route path="register" element={<RegisterPage />} />
          <Route path="register/:code" element={<RegisterPage />} />
          <Route path="login" element={<LoginPage />} />
        </Route>
        <Route path="findid" element={<FindIdPage />} />
        <Route path="findpass" element={<FindPasswordPage />} />
        <Route path="verification" element={<VerificationPage />} />
        <Route path="options" element={<OptionsPage />} />
        <Route path="options/round/:roundStart" element={<OptionRoundPage />} />
        <Route path="reserves" element={<ReservesPage />} />
        <Route path="markets" element={<MarketsPage />} />
        <Route path="markets/:coinId" element={<CoinPage />} />
        <Route path="earn" element={<EarnPage />} />
        <Route path="faq" element={<FaqPage />} />
        {/* Menu links whose targets the seeds do not show */}
        <Route path="buy-crypto" element={<MenuLinkPage />} />
        <Route path="exchange" element={<MenuLinkPage />} />
        <Route path="learn-crypto" element={<MenuLinkPage />} />

        {/* Login required */}
        <Route element={<RequireLogin />}>
          <Route path="profile" element={<ProfilePage />} />
          <Route path="profile/security" element={<ProfileSecurityPage />} />
          <Route path="wallet" element={<WalletPage />} />
          <Route path="deposit" element={<DepositPage />} />
          <Route path="deposit/history" element={<DepositHistoryPage />} />
          <Route path="withdraw" element={<WithdrawPage />} />
          <Route path="withdraw/history" element={<WithdrawHistoryPage />} />
          <Route path="transfer/history/:type" element={<TransferHistoryPage />} />
          <Route path="transfer/futures" element={<TransferFuturesPage />} />
          <Route path="trade/history" element={<TradeHistoryPage />} />
          {/* Partners only (stored level >= 2) */}
          <Route element={<RequirePartner />}>
            <Route path="affiliates" element={<AffiliatesLayout />}>
              <Route index element={<AffiliatesDashboardPage />} />
              <Route path="partner" element={<AffiliatesPartnerPage />} />
              <Route path="members" element={<AffiliatesMembersPage />} />
              <Route path="trading" element={<AffiliatesTradingPage />} />
              <Route path="history" element={<AffiliatesHistoryPage />} />
              <Route path="withdraw" element={<AffiliatesWithdrawPage />} />
              <Route path="security" element={<AffiliatesSecurityPage />} />
            </Route>
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
