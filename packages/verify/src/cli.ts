// tickline-verify: recomputes a Tickline platform's round log and its proof of reserves from the public answers,
// trusting nothing the server says about them (only the published genesis and the signing key it answers).
import { createPublicKey, verify as verifySignature } from 'node:crypto';
import { headText, ROUND_LOG_GENESIS, type RoundRecord } from './formats.ts';
import { verifyReservesProof, verifyRoundChain, type ReservesProof, type WireSumNode } from './index.ts';

const PAGE = 1000;
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface AuditKeyAnswer {
  algorithm: 'Ed25519';
  publicKey: string;
  genesis: string;
  head: { count: number; hash: string; signature: string };
  /** The newest anchor on chain: a transaction whose data is the head `hash` (record `seq`). */
  anchor: { day: string; seq: number; hash: string; chainId: number; txHash: string } | null;
}

export interface ReservesAnswer {
  root: WireSumNode;
  at: number;
  assets: { hotWallet: string; depositAddresses: string; total: string };
  ratio: number | null;
}

interface Io {
  fetch: typeof fetch;
  log: (line: string) => void;
}

class Refused extends Error {}

async function call<T>(io: Io, base: string, path: string, token?: string): Promise<T> {
  const response = await io.fetch(new URL(`/api/v1${path}`, base), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as { code: number; message: string; data: T };
  if (body.code !== 0) throw new Refused(`${path} answered ${body.code}: ${body.message}`);
  return body.data;
}

/** True when `signature` (hex) is the key's Ed25519 signature of the head text. */
export function headSignatureHolds(key: AuditKeyAnswer): boolean {
  const publicKey = createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(key.publicKey, 'hex')]),
    format: 'der',
    type: 'spki',
  });
  return verifySignature(null, Buffer.from(headText(key.head)), publicKey, Buffer.from(key.head.signature, 'hex'));
}

async function verifyRounds(io: Io, base: string): Promise<boolean> {
  const key = await call<AuditKeyAnswer>(io, base, '/audit/key');
  if (key.genesis !== ROUND_LOG_GENESIS) {
    io.log(`FAIL genesis: the server publishes ${key.genesis}, the log starts from ${ROUND_LOG_GENESIS}`);
    return false;
  }
  let prevHash = ROUND_LOG_GENESIS;
  let seq = 1;
  let signedHash = key.head.count === 0 ? ROUND_LOG_GENESIS : null;
  for (;;) {
    const { rounds } = await call<{ rounds: RoundRecord[] }>(io, base, `/audit/rounds?from=${seq}&limit=${PAGE}`);
    const check = await verifyRoundChain(rounds, prevHash, seq);
    if (!check.ok) {
      io.log(`FAIL record ${check.seq}: ${check.reason} is ${check.found}, recomputed ${check.expected}`);
      return false;
    }
    const signed = rounds[key.head.count - seq];
    if (signed) signedHash = signed.hash;
    prevHash = check.head;
    seq = check.count + 1;
    if (rounds.length < PAGE) break;
  }
  const count = seq - 1;
  // The log may have grown since the head was signed: the signed head must be one of its records.
  if (signedHash !== key.head.hash) {
    io.log(
      `FAIL head: the signed head is record ${key.head.count} ${key.head.hash}, the log ends at ${count} ${prevHash}`,
    );
    return false;
  }
  if (!headSignatureHolds(key)) {
    io.log(`FAIL signature: the head's signature does not verify with ${key.publicKey}`);
    return false;
  }
  io.log(`OK ${count} rounds chain from the genesis to ${prevHash}; head ${key.head.count} signed by ${key.publicKey}`);
  return true;
}

async function verifyReserves(io: Io, base: string, token: string, userNo?: number): Promise<boolean> {
  const reserves = await call<ReservesAnswer>(io, base, '/reserves');
  const proof = await call<ReservesProof>(io, base, '/user/reserves/proof', token);
  if (proof.root.hash !== reserves.root.hash || proof.root.sum !== reserves.root.sum) {
    io.log(`FAIL root: your proof ends at ${proof.root.hash}, the published root is ${reserves.root.hash}`);
    return false;
  }
  const check = await verifyReservesProof(proof, userNo);
  if (!check.ok) {
    io.log(`FAIL proof: ${check.reason}`);
    return false;
  }
  const { hotWallet, depositAddresses, total } = reserves.assets;
  if (BigInt(hotWallet) + BigInt(depositAddresses) !== BigInt(total)) {
    io.log(`FAIL assets: ${hotWallet} + ${depositAddresses} is not ${total}`);
    return false;
  }
  io.log(
    `OK your balance ${proof.leaf.balanceMicro} micro-USDT is in the liabilities ${reserves.root.sum} (root ` +
      `${reserves.root.hash}); assets on chain ${total}, ratio ${reserves.ratio ?? 'none (no liabilities)'}`,
  );
  return true;
}

const USAGE = 'usage: tickline-verify rounds <url> | tickline-verify reserves <url> --token <token> [--user-no <n>]';

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** Runs the command; answers the exit code (0 the proofs held, 1 one failed, 2 a usage or network problem). */
export async function main(args: readonly string[], io: Io = { fetch, log: console.log }): Promise<number> {
  const [command, base] = args;
  try {
    if (command === 'rounds' && base) return (await verifyRounds(io, base)) ? 0 : 1;
    const token = option(args, '--token');
    const userNo = option(args, '--user-no');
    if (command === 'reserves' && base && token)
      return (await verifyReserves(io, base, token, userNo === undefined ? undefined : Number(userNo))) ? 0 : 1;
    io.log(USAGE);
    return 2;
  } catch (error) {
    io.log(`ERROR ${(error as Error).message}`);
    return error instanceof Refused ? 1 : 2;
  }
}
