// Provable fairness and provable reserves (#35): the round log (a hash chain over settled option rounds, its head
// signed with Ed25519 and anchored on chain) and the proof of reserves (a Merkle sum tree of users' liabilities
// against the tokens on chain). Hash texts: @tickline/verify (formats.ts). Amounts in micro-USDT go out as decimal
// text (exact at any size).
import { z } from 'zod';
import { defineRoutes } from './define.ts';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const micro = z.string().regex(/^\d+$/).meta({ description: 'micro-USDT (6 decimals) as a whole number in text' });
const sumNode = z.object({ hash: hex64, sum: micro });

export const roundLogRecordSchema = z.object({
  /** The record's place in the chain, from 1 (not hashed). */
  seq: z.number(),
  roundStartMs: z.number(),
  /** The round's open and close index prices as the round audit shows them; 0: no such price. */
  openPrice: z.number(),
  closePrice: z.number(),
  /** 1 higher, 2 lower, 3 refunded or void (equal prices, or no price). */
  result: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  prevHash: hex64,
  /** sha256hex(prevHash|roundStartMs|openPrice|closePrice|result). */
  hash: hex64,
});

export const auditKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  /** The raw 32-byte public key, hex. */
  publicKey: z.string().regex(/^[0-9a-f]{64}$/),
  /** The first record's prevHash. */
  genesis: hex64,
  /** The log's head now: `signature` is Ed25519 over the text `tickline-round-log|count|hash` (hex). */
  head: z.object({ count: z.number(), hash: hex64, signature: z.string().regex(/^[0-9a-f]{128}$/) }),
  /** The newest anchor on chain: a transaction from the platform's account whose data is the head's hash. */
  anchor: z
    .object({ day: z.string(), seq: z.number(), hash: hex64, chainId: z.number(), txHash: z.string() })
    .nullable(),
});

export const reservesSchema = z.object({
  /** The Merkle sum tree's root: its sum is the users' total liability. */
  root: sumNode,
  /** When the snapshot was taken (ms since 1970). */
  at: z.number(),
  /** Token balances on chain, in micro-USDT rounded down. */
  assets: z.object({ hotWallet: micro, depositAddresses: micro, total: micro }),
  /** assets.total / root.sum, rounded down to 6 decimals; null when nothing is owed. */
  ratio: z.number().nullable(),
  /** Demo mode: the seeded balances were never deposited on chain, so the ratio is far below 1. */
  demo: z.boolean(),
});

export const reservesProofSchema = z.object({
  leaf: z.object({ userHash: hex64, nonce: z.string(), balanceMicro: micro }),
  /** The siblings from the leaf up; `side` is where the sibling sits. */
  path: z.array(sumNode.extend({ side: z.enum(['left', 'right']) })),
  root: sumNode,
});

export const auditRoutes = defineRoutes({
  auditRounds: {
    method: 'GET',
    path: '/audit/rounds',
    auth: 'none',
    permission: 'read',
    summary:
      'The round log from record `from` (default 1), at most `limit` (default 100, at most 1000) records; or, with ' +
      '`round` (a round start in ms), that round and the record before it.',
    query: z.object({
      from: z
        .string()
        .regex(/^[1-9]\d{0,14}$/, { error: 'from must be a record number from 1' })
        .transform(Number)
        .optional(),
      limit: z
        .string()
        .regex(/^\d{1,4}$/, { error: 'limit must be a whole number from 1 to 1000' })
        .transform(Number)
        .refine((limit) => limit >= 1 && limit <= 1000, { error: 'limit must be a whole number from 1 to 1000' })
        .optional(),
      round: z
        .string()
        .regex(/^\d{1,15}$/, { error: 'round must be the round start in milliseconds since 1970' })
        .transform(Number)
        .optional(),
    }),
    weight: 5,
    data: z.object({ rounds: z.array(roundLogRecordSchema) }),
    errors: [],
  },
  auditKey: {
    method: 'GET',
    path: '/audit/key',
    auth: 'none',
    permission: 'read',
    summary: "The round log's public key, genesis, signed head and newest anchor on chain.",
    data: auditKeySchema,
    errors: [],
  },
  reserves: {
    method: 'GET',
    path: '/reserves',
    auth: 'none',
    permission: 'read',
    summary: "The newest proof-of-reserves snapshot: the liabilities' Merkle sum root against the assets on chain.",
    data: reservesSchema,
    errors: [],
  },
  userReservesProof: {
    method: 'GET',
    path: '/user/reserves/proof',
    auth: 'user',
    permission: 'read',
    summary: "The caller's leaf in the newest reserves snapshot and the path from it to the root.",
    data: reservesProofSchema,
    errors: ['RESERVES_NOT_IN_SNAPSHOT'],
  },
  adminReservesSnapshot: {
    method: 'POST',
    path: '/admin/reserves/snapshot',
    auth: 'operator',
    permission: 'none',
    summary: 'Takes a proof-of-reserves snapshot now (operators).',
    data: reservesSchema.extend({
      timings: z.object({ readMs: z.number(), treeMs: z.number(), assetsMs: z.number(), writeMs: z.number() }),
    }),
    errors: [],
  },
});

export type RoundLogRecordView = z.infer<typeof roundLogRecordSchema>;
export type AuditKeyView = z.infer<typeof auditKeySchema>;
export type ReservesView = z.infer<typeof reservesSchema>;
export type ReservesProofView = z.infer<typeof reservesProofSchema>;
