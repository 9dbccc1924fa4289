import { LegalDocument, OPERATOR } from '../../features/legal/LegalDocument.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';

export default function LegalPage() {
  const t = useT();
  return (
    <LegalDocument
      title={t('footer.legal')}
      intro={`Tickline is operated by ${OPERATOR.name}, a company incorporated in the ${OPERATOR.jurisdiction}, registered office: ${OPERATOR.address}.`}
      sections={[
        {
          heading: 'Regulatory status',
          paragraphs: [
            'Tickline provides trading in USDT-margined perpetual futures and short-term options on BTCUSDT, and a USDT wallet on the BNB Smart Chain (BEP-20). These products may be regulated differently in your country. It is your responsibility to make sure you may lawfully use them where you live.',
          ],
        },
        {
          heading: 'Risk warning',
          paragraphs: [
            'Digital asset prices are highly volatile. Leverage multiplies both gains and losses, and leveraged positions can be liquidated. One-minute options can lose the entire stake within a minute. Blockchain transfers are irreversible: a withdrawal sent to a wrong address cannot be recovered.',
          ],
        },
        {
          heading: 'Cookies and analytics',
          paragraphs: [
            "The site keeps your session and preferences in your browser's local storage and uses first-party analytics only. See the Privacy Policy for details.",
          ],
        },
        {
          heading: 'Contact',
          paragraphs: [
            `Legal notices: ${OPERATOR.email}. Use the feedback button at the bottom of any page for product questions.`,
          ],
        },
      ]}
    />
  );
}
