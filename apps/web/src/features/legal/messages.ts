// The about page (#18: the footer's About leads here): who runs Tickline, what it offers, how to reach us.
import { defineMessages } from '../../i18n/defineMessages.ts';

export const legalMessages = defineMessages({
  en: {
    'about.title': 'About Tickline',
    'about.subtitle': 'A crypto derivatives exchange for USDT-margined futures and one-minute options.',
    'about.operatorTitle': 'Who we are',
    'about.operatorBody':
      'Tickline is operated by {name}, a company incorporated in the {jurisdiction}. Registered office: {address}.',
    'about.productTitle': 'What Tickline offers',
    'about.productFutures':
      'BTCUSDT perpetual futures with isolated margin and 1–100× leverage, on our own order book.',
    'about.productOptions': 'One-minute higher/lower options on the BTCUSDT index, settled every round.',
    'about.productWallet': 'A USDT wallet on the BNB Smart Chain (BEP-20) for deposits and withdrawals.',
    'about.productPartners': 'A tiered partner programme with referral links and a back office.',
    'about.contactTitle': 'Contact',
    'about.contactSupport': 'Product questions and ideas: the Feedback button at the bottom of every page.',
    'about.contactLegal': 'Legal notices:',
    'about.risk':
      'Trading leveraged products carries a high level of risk and may not be suitable for everyone. Read the Legal statement before you trade.',
  },
  ko: {
    'about.title': 'Tickline 소개',
    'about.subtitle': 'USDT 마진 선물과 1분 옵션을 거래하는 암호화폐 파생상품 거래소입니다.',
    'about.operatorTitle': '운영사',
    'about.operatorBody': 'Tickline은 {jurisdiction}에 설립된 {name}이(가) 운영합니다. 등록 사무소: {address}.',
    'about.productTitle': 'Tickline이 제공하는 것',
    'about.productFutures': '자체 오더북에서 거래되는 BTCUSDT 무기한 선물 (격리 마진, 1–100배 레버리지).',
    'about.productOptions': '매 라운드 정산되는 BTCUSDT 지수 1분 상승/하락 옵션.',
    'about.productWallet': '입금과 출금을 위한 BNB 스마트 체인(BEP-20) USDT 지갑.',
    'about.productPartners': '추천 링크와 백오피스를 갖춘 등급별 파트너 프로그램.',
    'about.contactTitle': '문의',
    'about.contactSupport': '제품 문의와 제안: 모든 페이지 하단의 피드백 버튼을 이용해 주세요.',
    'about.contactLegal': '법률 고지:',
    'about.risk':
      '레버리지 상품 거래는 위험이 높으며 모든 분께 적합하지 않을 수 있습니다. 거래 전에 법적 고지를 읽어 주세요.',
  },
});
