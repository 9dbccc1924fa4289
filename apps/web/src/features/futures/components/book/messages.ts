// The order book's own words (#33 item 2): the book/depth views, the depth chart's readout, own-order marks.
import { defineMessages } from '../../../../i18n/defineMessages.ts';

export const bookMessages = defineMessages({
  en: {
    'futures.book.views': 'Order book view',
    'futures.book.ladder': 'Book',
    'futures.book.depth': 'Depth',
    'futures.book.depthChart': 'Depth chart',
    'futures.book.bid': 'Bid',
    'futures.book.ask': 'Ask',
    'futures.book.mid': 'Mid',
    'futures.book.sum': 'Sum',
    'futures.book.hint': 'Point at the chart to read the depth',
    'futures.book.ownOrder': 'Your order rests at this level',
  },
  ko: {
    'futures.book.views': '호가창 보기',
    'futures.book.ladder': '호가',
    'futures.book.depth': '뎁스',
    'futures.book.depthChart': '뎁스 차트',
    'futures.book.bid': '매수',
    'futures.book.ask': '매도',
    'futures.book.mid': '중간가',
    'futures.book.sum': '누적',
    'futures.book.hint': '차트에 커서를 올리면 누적 수량이 보입니다',
    'futures.book.ownOrder': '내 주문이 있는 호가',
  },
});
