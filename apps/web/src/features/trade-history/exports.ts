import type { FuturesHistoryPage, OptionHistoryPage, OptionOrderRow, PageInfo } from '@tickline/protocol';
import { toCsv } from '../../lib/csv.ts';

/** Every page of a paged history, in order (the CSV holds all rows, not only the page shown). */
export async function allPages<Row>(
  fetchPage: (page: number) => Promise<{ rows: Row[]; info: PageInfo }>,
): Promise<Row[]> {
  const first = await fetchPage(1);
  const rows = [...first.rows];
  for (let page = 2; page <= first.info.endPage; page += 1) rows.push(...(await fetchPage(page)).rows);
  return rows;
}

export const futuresPageRows = (answer: FuturesHistoryPage) => ({ rows: answer.orders, info: answer.pageInfo });
export const optionPageRows = (answer: OptionHistoryPage) => ({ rows: answer.list, info: answer.pagination });

const OPTION_RESULTS = ['WAIT', 'HIGHER', 'LOWER', 'EQ'];

/** The options history as CSV, with the seed's labels (bet type HIGHER only when 1; results WAIT/HIGHER/LOWER/EQ). */
export function optionsCsv(rows: readonly OptionOrderRow[]): string {
  return toCsv(
    ['Time', 'Symbol', 'Bet', 'Amount (USDT)', 'Open price', 'Result price', 'Result', 'PnL (USDT)', 'Expiry'],
    rows.map((row) => [
      row.insertDate,
      'BTCUSDT',
      row.betType === 1 ? 'HIGHER' : 'LOWER',
      row.volume,
      row.openPrice,
      row.resultPrice,
      OPTION_RESULTS[row.result] ?? String(row.result),
      row.settleFee,
      row.expireDate,
    ]),
  );
}
