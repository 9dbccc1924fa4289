// Recomputes Tickline's proofs from its public answers with nothing but WebCrypto: the same code runs in the
// command-line verifier (Node) and in the browser's "verify" buttons.
import {
  headText,
  leafText,
  parentText,
  roundRecordText,
  roundResultOf,
  ROUND_LOG_GENESIS,
  userHashText,
  type RoundRecord,
  type SumNode,
} from './formats.ts';

export * from './formats.ts';

const encoder = new TextEncoder();

/** SHA-256 of the text's UTF-8 bytes, lower-case hex. */
export async function sha256hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type ChainCheck =
  | { ok: true; count: number; head: string }
  | { ok: false; seq: number; reason: 'prevHash' | 'hash' | 'result' | 'seq'; expected: string; found: string };

/**
 * Walks records of the round log in order: each must link to the one before (the first to `prevHash`, the genesis
 * unless the walk starts later), carry the hash of its own fields and the result its prices imply. Answers the first
 * record that breaks the chain.
 */
export async function verifyRoundChain(
  records: readonly RoundRecord[],
  prevHash: string = ROUND_LOG_GENESIS,
  firstSeq = 1,
): Promise<ChainCheck> {
  let expectedPrev = prevHash;
  for (const [index, record] of records.entries()) {
    const seq = firstSeq + index;
    if (record.seq !== seq) return { ok: false, seq, reason: 'seq', expected: String(seq), found: String(record.seq) };
    if (record.prevHash !== expectedPrev)
      return { ok: false, seq, reason: 'prevHash', expected: expectedPrev, found: record.prevHash };
    const result = roundResultOf(record.openPrice, record.closePrice);
    if (record.result !== result)
      return { ok: false, seq, reason: 'result', expected: String(result), found: String(record.result) };
    const hash = await sha256hex(roundRecordText(record));
    if (record.hash !== hash) return { ok: false, seq, reason: 'hash', expected: hash, found: record.hash };
    expectedPrev = hash;
  }
  return { ok: true, count: firstSeq - 1 + records.length, head: expectedPrev };
}

/** A node of a proof's path as the API answers it: amounts in decimal text (exact at any size). */
export interface WireSumNode {
  hash: string;
  sum: string;
}

/** `GET /user/reserves/proof`: the caller's leaf, the siblings from the leaf up, and the root. */
export interface ReservesProof {
  leaf: { userHash: string; nonce: string; balanceMicro: string };
  /** `side` is where the sibling sits: 'left' means the running node is its right neighbour. */
  path: Array<WireSumNode & { side: 'left' | 'right' }>;
  root: WireSumNode;
}

export type ProofCheck = { ok: true; root: WireSumNode } | { ok: false; reason: string; computed?: WireSumNode };

const DECIMAL = /^(0|[1-9]\d*)$/;

/**
 * Climbs from the caller's leaf to the root. With `userNo`, also checks that the leaf's user hash is the caller's
 * (`sha256hex(userNo|nonce)`). Sums are checked as exact non-negative integers: a negative or altered sum breaks it.
 */
export async function verifyReservesProof(proof: ReservesProof, userNo?: number): Promise<ProofCheck> {
  const { leaf } = proof;
  if (userNo !== undefined && (await sha256hex(userHashText(userNo, leaf.nonce))) !== leaf.userHash)
    return { ok: false, reason: 'the leaf is not this user: sha256hex(userNo|nonce) differs from userHash' };
  const amounts = [leaf.balanceMicro, ...proof.path.map((node) => node.sum), proof.root.sum];
  if (!amounts.every((amount) => DECIMAL.test(amount)))
    return { ok: false, reason: 'an amount is not a whole non-negative number of micro-USDT' };
  let node: SumNode = {
    hash: await sha256hex(leafText(leaf.userHash, leaf.balanceMicro)),
    sum: BigInt(leaf.balanceMicro),
  };
  for (const step of proof.path) {
    const sibling: SumNode = { hash: step.hash, sum: BigInt(step.sum) };
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: await sha256hex(parentText(left, right)), sum: left.sum + right.sum };
  }
  const computed = { hash: node.hash, sum: node.sum.toString() };
  if (computed.hash !== proof.root.hash || computed.sum !== proof.root.sum)
    return { ok: false, reason: 'the path does not climb to the published root', computed };
  return { ok: true, root: computed };
}

const bytesOf = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/**
 * Checks the head's Ed25519 signature with WebCrypto; null where the runtime has no Ed25519 (older browsers: the
 * command-line verifier checks it with node:crypto).
 */
export async function verifyHeadSignature(
  publicKeyHex: string,
  head: { count: number; hash: string; signature: string },
): Promise<boolean | null> {
  let key: Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;
  try {
    key = await globalThis.crypto.subtle.importKey('raw', bytesOf(publicKeyHex), { name: 'Ed25519' }, false, [
      'verify',
    ]);
  } catch {
    return null;
  }
  return globalThis.crypto.subtle.verify('Ed25519', key, bytesOf(head.signature), encoder.encode(headText(head)));
}
