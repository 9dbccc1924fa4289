import { defineMessages } from '../../../i18n/defineMessages.ts';

// The /futures layout's own strings (#33 item 6): panel handles, the reset and the phone's extra view.

const en = {
  'futures.layout.resizeBook': 'Resize the order book column',
  'futures.layout.resizeTrade': 'Resize the trade panel column',
  'futures.layout.resizeBottom': 'Resize the positions area',
  'futures.layout.reset': 'Reset layout',
  'futures.layout.resetHint': 'Put every panel back to its default size',
  'futures.layout.positionsView': 'Positions',
};

const ko: Record<keyof typeof en, string> = {
  'futures.layout.resizeBook': '호가창 너비 조절',
  'futures.layout.resizeTrade': '주문 패널 너비 조절',
  'futures.layout.resizeBottom': '포지션 영역 높이 조절',
  'futures.layout.reset': '레이아웃 초기화',
  'futures.layout.resetHint': '모든 패널을 기본 크기로 되돌립니다',
  'futures.layout.positionsView': '포지션',
};

export const futuresLayoutMessages = defineMessages({ en, ko });
