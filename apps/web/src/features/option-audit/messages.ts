import { defineMessages } from '../../i18n/defineMessages.ts';

// The public option round audit (#14 item 6): a round's open and close index ticks and the quotes behind them.

const en = {
  'audit.title': 'Option round audit',
  'audit.subtitle': 'BTCUSDT 1-minute round {start} – {end} UTC',
  'audit.status': 'Status',
  'audit.statusOpen': 'Open',
  'audit.statusEnded': 'Ended, settling',
  'audit.statusSettled': 'Settled',
  'audit.openTick': 'Open tick',
  'audit.closeTick': 'Close tick (result)',
  'audit.price': 'Index price',
  'audit.takenAt': 'Taken at',
  'audit.settledAt': 'Settled at',
  'audit.resultPrice': 'Result price',
  'audit.noPrice': 'No price: every stake refunded',
  'audit.bets': 'Bets in this round',
  'audit.source': 'Source',
  'audit.sourcePrice': 'Quote',
  'audit.quotedAt': 'Quoted at',
  'audit.age': 'Age at the tick',
  'audit.noTick': 'No index tick was taken at or within 10 s before this moment.',
  'audit.notKept':
    'This round was settled after a restart, from the last price the engine applied before its end; its ticks were not kept.',
  'audit.rule':
    'The index is the median of the fresh source quotes listed. A bet wins HIGHER when the close price is above its open price (the index when it was placed) and LOWER when below; an equal price refunds the stake.',
  'audit.yourBet': 'Your bet: {side} at {open}',
  'audit.won': 'won',
  'audit.lost': 'lost',
  'audit.refunded': 'stake refunded',
  'audit.previous': 'Previous round',
  'audit.next': 'Next round',
  'audit.backToOptions': 'Back to options',
} as const;

const ko: Record<keyof typeof en, string> = {
  'audit.title': '옵션 라운드 검증',
  'audit.subtitle': 'BTCUSDT 1분 라운드 {start} – {end} UTC',
  'audit.status': '상태',
  'audit.statusOpen': '진행 중',
  'audit.statusEnded': '종료, 정산 중',
  'audit.statusSettled': '정산 완료',
  'audit.openTick': '시작 틱',
  'audit.closeTick': '종료 틱 (결과)',
  'audit.price': '지수 가격',
  'audit.takenAt': '기록 시각',
  'audit.settledAt': '정산 시각',
  'audit.resultPrice': '결과가',
  'audit.noPrice': '가격 없음: 모든 주문 금액 환불',
  'audit.bets': '이 라운드의 주문 수',
  'audit.source': '출처',
  'audit.sourcePrice': '호가',
  'audit.quotedAt': '호가 시각',
  'audit.age': '틱 기준 경과',
  'audit.noTick': '이 시점 또는 10초 이내에 기록된 지수 틱이 없습니다.',
  'audit.notKept': '이 라운드는 재시작 후 라운드 종료 전 마지막으로 반영된 가격으로 정산되어 틱이 보관되지 않았습니다.',
  'audit.rule':
    '지수는 아래 나열된 최신 출처 호가의 중앙값입니다. 종료가가 주문 시작가(주문 시점의 지수)보다 높으면 HIGHER, 낮으면 LOWER가 적중하며, 같으면 주문 금액이 환불됩니다.',
  'audit.yourBet': '내 주문: {side} 시작가 {open}',
  'audit.won': '적중',
  'audit.lost': '미적중',
  'audit.refunded': '환불',
  'audit.previous': '이전 라운드',
  'audit.next': '다음 라운드',
  'audit.backToOptions': '옵션으로 돌아가기',
} as const;

export const optionAuditMessages = defineMessages({ en, ko });
