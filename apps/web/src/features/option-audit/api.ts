import { callData } from '../../api/client.ts';

/** Public: `GET /optionRound/audit?round=<round start, ms>`. */
export const fetchRoundAudit = (roundStart: number) => callData('optionRoundAudit', { query: { round: roundStart } });

/** Where a bet's row links to: its round's audit, with the bet's side and open price to compare against. */
export function roundAuditPath(bet: { roundStart: number; betType: number; openPrice: number }): string {
  return `/options/round/${bet.roundStart}?side=${bet.betType}&open=${bet.openPrice}`;
}
