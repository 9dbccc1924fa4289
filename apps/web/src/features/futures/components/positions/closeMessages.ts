import { defineMessages } from '../../../../i18n/defineMessages.ts';

// The positions table's last controls of #33 item 4: funding since open and the limit close.

const en = {
  'futures.positions.funding': 'Funding',
  'futures.positions.fundingHint': 'Funding received (+) or paid (-) since the position opened, USDT',
  'futures.positions.limitClose': 'Limit Close',
  'futures.positions.limitCloseTitle': 'Close at a Price',
  'futures.positions.closePrice': 'Price',
  'futures.positions.closeSize': 'Size',
  'futures.positions.limitCloseText': 'Reduce-only limit {side} of {size} {unit} at {price} USDT.',
  'futures.positions.enterPrice': 'Please enter the price.',
  'futures.positions.overSize': 'The size exceeds the position.',
  'futures.positions.limitPlaced': 'Close order placed.',
} as const;

const ko: Record<keyof typeof en, string> = {
  'futures.positions.funding': '펀딩비',
  'futures.positions.fundingHint': '포지션 진입 후 받은(+) 또는 낸(-) 펀딩비, USDT',
  'futures.positions.limitClose': '지정가 청산',
  'futures.positions.limitCloseTitle': '지정가로 청산',
  'futures.positions.closePrice': '가격',
  'futures.positions.closeSize': '수량',
  'futures.positions.limitCloseText': '포지션 축소 전용 지정가 {side} {size} {unit}, 가격 {price} USDT.',
  'futures.positions.enterPrice': '가격을 입력해주세요.',
  'futures.positions.overSize': '포지션 수량을 초과했습니다.',
  'futures.positions.limitPlaced': '청산 주문이 접수되었습니다.',
};

export const positionCloseMessages = defineMessages({ en, ko });
