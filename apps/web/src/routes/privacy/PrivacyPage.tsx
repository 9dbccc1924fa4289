import { LegalDocument, OPERATOR } from '../../features/legal/LegalDocument.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';

export default function PrivacyPage() {
  const t = useT();
  return (
    <LegalDocument
      title={t('footer.privacy')}
      intro={`This Privacy Policy explains how ${OPERATOR.name} ("Tickline", "we"), a company incorporated in the ${OPERATOR.jurisdiction}, collects, uses and protects personal data when you use the Tickline website and services. We process personal data in accordance with the Personal Data (Privacy) Ordinance (Cap. 486) of Hong Kong.`}
      sections={[
        {
          heading: '1. Data we collect',
          paragraphs: [
            'Account data: your email address (which is your user ID), name, phone number and password (stored only as a one-way hash).',
            'Identity verification (KYC) data: the photo you upload for verification. It is stored privately, is only visible to authorised compliance staff and is never shown to other users.',
            'Transaction data: deposits, withdrawals, transfers, orders, positions, option bets and settlements, including your BEP-20 deposit address and the withdrawal addresses you enter.',
            'Technical data: IP address, device and browser type, and security logs that we need to protect your account.',
          ],
        },
        {
          heading: '2. How we use it',
          paragraphs: [
            'To open and run your account, execute your trades, process deposits and withdrawals, and calculate referral settlements.',
            'To meet our legal duties, including anti-money-laundering and counter-terrorist-financing checks, record keeping and responding to lawful requests from authorities.',
            'To keep the platform secure: detecting fraud, abuse and unauthorised access, and rate-limiting sensitive actions.',
          ],
        },
        {
          heading: '3. Cookies and analytics',
          paragraphs: [
            "Tickline stores your session (access and refresh tokens), your user ID, your partner level and your language choice in your browser's local storage. These are strictly necessary for the service and are removed when you log out (tokens) or clear your browser data.",
            'We use first-party, aggregated analytics of page views and errors to improve the product. We do not sell personal data and we do not use third-party advertising cookies. You can block storage in your browser settings, but you will not be able to stay logged in.',
          ],
        },
        {
          heading: '4. Sharing',
          paragraphs: [
            'We share personal data only with service providers who process it for us under contract (hosting, identity verification, blockchain infrastructure), with your referring partner to the limited extent shown in the partner back office (name, email, join date and balances), and with authorities where the law requires it.',
          ],
        },
        {
          heading: '5. Retention and your rights',
          paragraphs: [
            'We keep account and transaction records for as long as your account is open and for at least six years after it is closed, as required for anti-money-laundering purposes.',
            `You may ask to access or correct your personal data by writing to ${OPERATOR.email}. We will answer within 40 days as the Ordinance requires.`,
          ],
        },
      ]}
    />
  );
}
