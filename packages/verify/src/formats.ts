// The texts Tickline hashes, defined once: the server builds its round log and its Merkle sum tree from these, and
// the verifier (command line and browser) recomputes them. Every hash is SHA-256 of the UTF-8 text, in lower-case
// hex; fields are joined with `|`; amounts are whole micro-USDT in decimal; prices as the API shows them.

/**
 * The `prevHash` of the round log's first record, published: sha256hex("Tickline round log v1"). A chain that starts
 * from anything else is not ours.
 */
export const ROUND_LOG_GENESIS = '24e8fc2e35fb3bdb0029ad28c1b00d4e647424ba0a7d00a572edca68154feb72';

/** A round's result in the log: 1 closed higher, 2 lower, 3 refunded or void (equal prices, or no price). */
export type RoundResult = 1 | 2 | 3;

/** One record of the round log as `GET /audit/rounds` answers it. */
export interface RoundRecord {
  /** Position in the chain, from 1 (not hashed: the chain itself orders the records). */
  seq: number;
  roundStartMs: number;
  /** The round's open and close index prices as the API shows them (0: the round had no such price). */
  openPrice: number;
  closePrice: number;
  result: RoundResult;
  prevHash: string;
  hash: string;
}

/** `prevHash|roundStartMs|openPrice|closePrice|result`, the text a record's hash is taken of. */
export function roundRecordText(
  record: Pick<RoundRecord, 'prevHash' | 'roundStartMs' | 'openPrice' | 'closePrice' | 'result'>,
): string {
  return `${record.prevHash}|${record.roundStartMs}|${record.openPrice}|${record.closePrice}|${record.result}`;
}

/** The result the log records for a round: compared as prices, 3 when either is missing (0) or they are equal. */
export function roundResultOf(openPrice: number, closePrice: number): RoundResult {
  if (openPrice <= 0 || closePrice <= 0 || openPrice === closePrice) return 3;
  return closePrice > openPrice ? 1 : 2;
}

/** The text the chain's head signature (Ed25519) is made over: `tickline-round-log|count|hash`. */
export function headText(head: { count: number; hash: string }): string {
  return `tickline-round-log|${head.count}|${head.hash}`;
}

/** `userNo|nonce`: hides who a leaf belongs to from everyone without the nonce. */
export function userHashText(userNo: number, nonce: string): string {
  return `${userNo}|${nonce}`;
}

/** `userHash|balanceMicro`. */
export function leafText(userHash: string, balanceMicro: bigint | string): string {
  return `${userHash}|${balanceMicro}`;
}

/** `leftHash|leftSum|rightHash|rightSum`; the parent's sum is leftSum + rightSum. */
export function parentText(left: SumNode, right: SumNode): string {
  return `${left.hash}|${left.sum}|${right.hash}|${right.sum}`;
}

/** A node of the Merkle sum tree: its hash, and the sum of the balances below it (micro-USDT, exact). */
export interface SumNode {
  hash: string;
  sum: bigint;
}

/** The leaf the tree is padded with up to a power of two: a zero balance under an all-zero user hash. */
export const PADDING_USER_HASH = '0'.repeat(64);
