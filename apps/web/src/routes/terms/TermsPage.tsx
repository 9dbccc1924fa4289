import { LegalDocument, OPERATOR } from '../../features/legal/LegalDocument.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';

export default function TermsPage() {
  const t = useT();
  return (
    <LegalDocument
      title={t('footer.terms')}
      intro={`These Terms of Use form an agreement between you and ${OPERATOR.name}, a company incorporated in the ${OPERATOR.jurisdiction}, which operates Tickline. By registering or using the service you accept them.`}
      sections={[
        {
          heading: '1. Eligibility',
          paragraphs: [
            'You must be at least 18 years old, have full legal capacity, and not be resident in a jurisdiction where trading derivatives on digital assets is prohibited or where Tickline does not offer its services. You must pass identity verification (KYC) before you withdraw.',
          ],
        },
        {
          heading: '2. Your account',
          paragraphs: [
            'You are responsible for keeping your password secret and for all activity under your account. Tell us at once if you suspect unauthorised use. One person may hold one account.',
            'The password reset uses your user ID and your USDT (BEP-20) deposit address. After a reset all sessions are ended and withdrawals are paused for 24 hours for your protection.',
          ],
        },
        {
          heading: '3. Products',
          paragraphs: [
            'Perpetual futures: USDT-margined BTCUSDT contracts with isolated margin and leverage from 1x to 100x. Positions may be liquidated when the margin balance falls to the maintenance margin, and funding payments are exchanged between long and short holders.',
            'One-minute options: you stake USDT on whether the BTCUSDT index price will be higher or lower at the end of a 60-second round. A losing stake is lost in full.',
            'Fees are listed on the Fee page and may change with notice.',
          ],
        },
        {
          heading: '4. Risk disclaimer',
          paragraphs: [
            'Trading leveraged derivatives and short-term options on digital assets involves a high risk of loss and is not suitable for everyone. Prices can move sharply within seconds; you can lose your entire margin or stake. Past performance does not indicate future results.',
            'Nothing on Tickline is investment, legal or tax advice. Only trade with money you can afford to lose.',
          ],
        },
        {
          heading: '5. Prohibited use',
          paragraphs: [
            'You may not use Tickline for money laundering, fraud, market manipulation, or to circumvent sanctions; nor attack, overload or reverse-engineer the service. We may suspend or close accounts that breach these Terms.',
          ],
        },
        {
          heading: '6. Liability and law',
          paragraphs: [
            'To the extent the law allows, Tickline is not liable for losses caused by market movements, blockchain network delays or events beyond our reasonable control. These Terms are governed by the laws of Hong Kong, and the courts of Hong Kong have exclusive jurisdiction.',
          ],
        },
      ]}
    />
  );
}
