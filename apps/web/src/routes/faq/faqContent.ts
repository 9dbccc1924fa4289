import type { Language } from '../../i18n/I18nProvider.tsx';

export interface FaqEntry {
  question: string;
  answer: string[];
}

// Seed 001 §2: collapsible questions on USDT contracts, margin, PnL and liquidation. Figures are examples only
// (minimum order 0.001 BTC, maximum 100 BTC, fee 0.075%); the Fee page has the fees that apply.
export const faqContent: Record<Language, FaqEntry[]> = {
  en: [
    {
      question: 'What is a USDT-margined perpetual contract?',
      answer: [
        'A perpetual contract tracks the price of BTC without an expiry date. It is margined and settled in USDT: your margin, profit and loss are all in USDT, so you never need to hold BTC.',
        'Example: with BTC at 60,000 USDT, a 0.1 BTC long position is worth 6,000 USDT of notional value.',
      ],
    },
    {
      question: 'What is margin, and what does leverage change?',
      answer: [
        'Initial margin is the USDT you lock to open a position: notional value ÷ leverage. At 10x, the 6,000 USDT position above needs 600 USDT of margin.',
        'Tickline uses isolated margin: only the margin of that position is at risk, not the rest of your futures wallet. Leverage can be set from 1x to 100x.',
      ],
    },
    {
      question: 'How are profit and loss calculated?',
      answer: [
        'Long: (exit price − entry price) × size. Short: (entry price − exit price) × size.',
        'Example: a 0.1 BTC long opened at 60,000 and closed at 61,500 earns (61,500 − 60,000) × 0.1 = 150 USDT before fees. Unrealised PnL on open positions uses the mark price.',
      ],
    },
    {
      question: 'What is liquidation?',
      answer: [
        "If the price moves against you until your position's margin balance falls to the maintenance margin, the position is liquidated (closed) to prevent a negative balance. The liquidation price is shown with every position.",
        'Lower leverage, or adding a stop loss, keeps your liquidation price further away.',
      ],
    },
    {
      question: 'What is the mark price and why is it used?',
      answer: [
        "The mark price is a fair price derived from the index price (the reference spot price) and the contract's own market. Liquidation, take profit / stop loss and unrealised PnL use it, so a brief spike in the last traded price does not liquidate you unfairly.",
      ],
    },
    {
      question: 'What is the funding rate?',
      answer: [
        'Funding keeps the perpetual price close to the index. At each funding time, longs pay shorts when the rate is positive and shorts pay longs when it is negative: position value × funding rate. The trading screen shows the current rate and a countdown.',
      ],
    },
    {
      question: 'What are the order size limits and fees?',
      answer: [
        'Example figures: minimum order 0.001 BTC, maximum order 100 BTC, and a trading fee of 0.075% of the order value. The fees that actually apply are on the Fee page.',
      ],
    },
    {
      question: 'How do one-minute options work?',
      answer: [
        'Choose Long (higher) or Short (lower) and an amount in USDT. When the 60-second round ends, the BTCUSDT price is compared with your open price: if you called it right you win, otherwise the stake is lost.',
      ],
    },
  ],
  ko: [
    {
      question: 'USDT 마진 무기한 계약이란 무엇인가요?',
      answer: [
        '무기한 계약은 만기 없이 BTC 가격을 추종하는 계약입니다. 증거금과 정산이 모두 USDT로 이루어지므로 BTC를 보유할 필요가 없습니다.',
        '예시: BTC가 60,000 USDT일 때 0.1 BTC 롱 포지션의 명목 가치는 6,000 USDT입니다.',
      ],
    },
    {
      question: '증거금이란 무엇이며 레버리지는 무엇을 바꾸나요?',
      answer: [
        '개시 증거금은 포지션을 열기 위해 묶어 두는 USDT로, 명목 가치 ÷ 레버리지입니다. 10배일 때 위의 6,000 USDT 포지션에는 600 USDT가 필요합니다.',
        'Tickline은 격리 마진을 사용합니다. 해당 포지션의 증거금만 위험에 노출되며, 레버리지는 1배에서 100배까지 설정할 수 있습니다.',
      ],
    },
    {
      question: '손익은 어떻게 계산되나요?',
      answer: [
        '롱: (청산 가격 − 진입 가격) × 수량. 숏: (진입 가격 − 청산 가격) × 수량.',
        '예시: 60,000에 연 0.1 BTC 롱을 61,500에 닫으면 수수료 전 (61,500 − 60,000) × 0.1 = 150 USDT의 수익입니다. 미실현 손익은 마크 가격으로 계산합니다.',
      ],
    },
    {
      question: '강제 청산이란 무엇인가요?',
      answer: [
        '가격이 불리하게 움직여 포지션의 증거금 잔고가 유지 증거금까지 떨어지면, 마이너스 잔고를 막기 위해 포지션이 강제로 청산됩니다. 청산 가격은 각 포지션에 표시됩니다.',
        '레버리지를 낮추거나 손절을 설정하면 청산 가격이 멀어집니다.',
      ],
    },
    {
      question: '마크 가격은 무엇이며 왜 사용하나요?',
      answer: [
        '마크 가격은 지수 가격(기준 현물 가격)과 계약 시장 가격으로 산출한 공정 가격입니다. 청산, 익절/손절, 미실현 손익에 사용되어 순간적인 체결가 급등락으로 부당하게 청산되지 않도록 합니다.',
      ],
    },
    {
      question: '펀딩 비율이란 무엇인가요?',
      answer: [
        '펀딩은 무기한 계약 가격을 지수 가격에 가깝게 유지합니다. 펀딩 시점마다 비율이 양수이면 롱이 숏에게, 음수이면 숏이 롱에게 포지션 가치 × 펀딩 비율만큼 지불합니다.',
      ],
    },
    {
      question: '주문 수량 한도와 수수료는 어떻게 되나요?',
      answer: [
        '예시 수치: 최소 주문 0.001 BTC, 최대 주문 100 BTC, 거래 수수료 주문 금액의 0.075%. 실제 적용 수수료는 수수료 페이지에서 확인하세요.',
      ],
    },
    {
      question: '1분 옵션은 어떻게 작동하나요?',
      answer: [
        '롱(상승) 또는 숏(하락)과 USDT 금액을 선택합니다. 60초 라운드가 끝나면 BTCUSDT 가격을 진입 가격과 비교하여, 맞히면 수익을 얻고 틀리면 투자금을 잃습니다.',
      ],
    },
  ],
};
