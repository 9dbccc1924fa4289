import { callData } from '../../api/client.ts';

/** Public: the round's record in the log and the one before it. */
export const fetchRoundRecord = (roundStart: number) => callData('auditRounds', { query: { round: roundStart } });
/** Public: the signing key and the signed head. */
export const fetchAuditKey = () => callData('auditKey', {});
/** Public: the newest proof-of-reserves snapshot. */
export const fetchReserves = () => callData('reserves', {});
/** The caller's leaf and path in the newest snapshot. */
export const fetchReservesProof = () => callData('userReservesProof', {});
