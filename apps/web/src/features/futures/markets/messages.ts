import { defineMessages } from '../../../i18n/defineMessages.ts';

// The market selector and the tables' symbol filter (#34 item 5).

const en = {
  'futures.markets.choose': 'Choose a market',
  'futures.markets.search': 'Search',
  'futures.markets.lastPrice': 'Last Price',
  'futures.markets.change': '24h Change',
  'futures.markets.none': 'No market matches.',
  'futures.markets.filter': 'Symbol',
  'futures.markets.all': 'All',
  'futures.markets.perpetualOf': '{symbol} Perpetual',
  'futures.markets.lotStep': 'The amount must be a multiple of {step} {base}.',
  'futures.markets.tickStep': 'The price must be a multiple of {step} USDT.',
  'futures.markets.minNotional': 'The order value must be at least {amount} USDT.',
};

const ko: Record<keyof typeof en, string> = {
  'futures.markets.choose': '마켓 선택',
  'futures.markets.search': '검색',
  'futures.markets.lastPrice': '현재가',
  'futures.markets.change': '24시간 변동',
  'futures.markets.none': '일치하는 마켓이 없습니다.',
  'futures.markets.filter': '심볼',
  'futures.markets.all': '전체',
  'futures.markets.perpetualOf': '{symbol} 무기한',
  'futures.markets.lotStep': '수량은 {step} {base}의 배수여야 합니다.',
  'futures.markets.tickStep': '가격은 {step} USDT의 배수여야 합니다.',
  'futures.markets.minNotional': '주문 금액은 최소 {amount} USDT 이상이어야 합니다.',
};

export const marketsMessages = defineMessages({ en, ko });
