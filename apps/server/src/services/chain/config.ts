// Chain settings, validated with the rest of the configuration (src/config.ts spreads `chainEnvironment` into its
// schema and calls `chainConfigFrom`).
import { isAddress, isHex, getAddress, type Address, type Hex } from 'viem';
import { z } from 'zod';
import { USDT_SCALE, type MicroUsdt } from '@tickline/money';
import { depositAccountFromXprv } from './deposit-keys.ts';

export interface ChainConfig {
  /** CHAIN_RPC_URL: an EVM JSON-RPC endpoint; unset (demo mode only) = the platform starts anvil. */
  rpcUrl: string | undefined;
  /** CHAIN_RPC_PORT: the port of the anvil the platform starts (default 8545; 0 = any free port). */
  localRpcPort: number;
  /** CHAIN_ID (default 31337, anvil's). */
  chainId: number;
  /** USDT_CONTRACT: the real token (BSC: 0x55d398326f99059fF775485246999027B3197955); a local chain deploys one. */
  tokenAddress: Address | undefined;
  /** HOT_WALLET_PRIVATE_KEY: signs withdrawals; from the environment only (demo: derived from the demo seed). */
  hotWalletPrivateKey: Hex | undefined;
  /** CHAIN_CONFIRMATIONS: a deposit is final at this many confirmations (default 15; 2 on the platform's anvil). */
  confirmations: number;
  /** DEPOSIT_MIN_USDT: deposits below it are recorded, not credited (default 0.01). */
  depositMinimum: MicroUsdt;
  /** WITHDRAW_AUTO_APPROVE_MAX: whole USDT; withdrawals up to it are approved without an operator (0 = off). */
  withdrawAutoApproveMax: MicroUsdt;
  /** WITHDRAW_FOUR_EYES_MIN: whole USDT; withdrawals of at least this need two different operators (0 = off). */
  withdrawFourEyesMin: MicroUsdt;
  /** CHAIN_POLL_MS: how often the watcher and the withdrawal sender run (default 1000). */
  pollIntervalMs: number;
  /** CHAIN_START_BLOCK: where a new deposit watcher starts (default: 0 on the platform's anvil, else the head). */
  startBlock: number | 'head';
  /**
   * DEPOSIT_XPRV: the extended private key of the deposit account (m/44'/60'/0'/0), from the environment only; it
   * signs the sweeps of deposit addresses into the hot wallet. Unset = demo mode signs with the demo mnemonic, and
   * production does not sweep.
   */
  depositAccountXprv: string | undefined;
  /** SWEEP_MIN_USDT: a deposit address is swept once it holds at least this much (default 100). */
  sweepMinimum: MicroUsdt;
  /** SWEEP_INTERVAL_MS: how often the sweeper runs (default 60,000). */
  sweepIntervalMs: number;
}

/** Withdrawals of 10,000 USDT or more need two operators unless WITHDRAW_FOUR_EYES_MIN says otherwise. */
const DEFAULT_FOUR_EYES_MIN_USDT = 10_000;

/** Deposit addresses are swept once they hold 100 USDT unless SWEEP_MIN_USDT says otherwise. */
const DEFAULT_SWEEP_MIN_USDT = '100';

const blank = (value: unknown) => (value === '' ? undefined : value);

const whole = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: `${name} must be a whole number` })
      .int({ error: `${name} must be a whole number` })
      .min(min, { error: `${name} must be at least ${min}` })
      .max(max, { error: `${name} must be at most ${max}` })
      .optional(),
  );

export const chainEnvironment = {
  CHAIN_RPC_URL: z.preprocess(
    blank,
    z
      .url({ error: 'CHAIN_RPC_URL must be an http(s) URL of an EVM JSON-RPC endpoint' })
      .refine((url) => /^https?:\/\//.test(url), { error: 'CHAIN_RPC_URL must be an http(s) URL' })
      .optional(),
  ),
  CHAIN_RPC_PORT: whole('CHAIN_RPC_PORT', 0, 65535),
  CHAIN_ID: whole('CHAIN_ID', 1),
  USDT_CONTRACT: z.preprocess(
    blank,
    z
      .string()
      .refine((text) => isAddress(text, { strict: true }), {
        error: 'USDT_CONTRACT must be a contract address (0x and 40 hex digits, checksummed if mixed case)',
      })
      .transform((text) => getAddress(text))
      .optional(),
  ),
  HOT_WALLET_PRIVATE_KEY: z.preprocess(
    blank,
    z
      .string()
      .refine((text) => isHex(text) && text.length === 66, {
        error: 'HOT_WALLET_PRIVATE_KEY must be a 32-byte private key in hex (0x and 64 hex digits)',
      })
      .transform((text) => text as Hex)
      .optional(),
  ),
  CHAIN_CONFIRMATIONS: whole('CHAIN_CONFIRMATIONS', 1, 10_000),
  DEPOSIT_MIN_USDT: z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{1,9}(\.\d{1,6})?$/, { error: 'DEPOSIT_MIN_USDT must be an amount of USDT with up to 6 decimals' })
      .optional(),
  ),
  WITHDRAW_AUTO_APPROVE_MAX: whole('WITHDRAW_AUTO_APPROVE_MAX', 0, 1_000_000),
  WITHDRAW_FOUR_EYES_MIN: whole('WITHDRAW_FOUR_EYES_MIN', 0, 1_000_000),
  CHAIN_POLL_MS: whole('CHAIN_POLL_MS', 100, 600_000),
  CHAIN_START_BLOCK: whole('CHAIN_START_BLOCK', 0),
  DEPOSIT_XPRV: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .superRefine((text, context) => {
        try {
          depositAccountFromXprv(text);
        } catch (error) {
          context.addIssue({
            code: 'custom',
            message: `DEPOSIT_XPRV must be the extended private key (xprv...) of m/44'/60'/0'/0; it is ${(error as Error).message}`,
          });
        }
      })
      .optional(),
  ),
  SWEEP_MIN_USDT: z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{1,9}(\.\d{1,6})?$/, { error: 'SWEEP_MIN_USDT must be an amount of USDT with up to 6 decimals' })
      .refine((text) => /[1-9]/.test(text), { error: 'SWEEP_MIN_USDT must be more than 0' })
      .optional(),
  ),
  SWEEP_INTERVAL_MS: whole('SWEEP_INTERVAL_MS', 1_000, 86_400_000),
};

type ChainEnvironment = { [K in keyof typeof chainEnvironment]?: z.output<(typeof chainEnvironment)[K]> };

const MICRO_PER_USDT = 10 ** USDT_SCALE;

function microFromText(text: string): number {
  const [units, fraction = ''] = text.split('.');
  return Number(units) * MICRO_PER_USDT + Number(fraction.padEnd(USDT_SCALE, '0'));
}

/**
 * The chain settings, and what is missing for the mode (pushed onto `problems`). `depositXpub` is DEPOSIT_XPUB: a
 * DEPOSIT_XPRV must be its private key, or sweeps would sign for addresses that are not the users'.
 */
export function chainConfigFrom(
  e: ChainEnvironment,
  mode: 'demo' | 'production',
  problems: string[],
  depositXpub?: string,
): ChainConfig {
  const external = e.CHAIN_RPC_URL !== undefined;
  if (mode === 'production' && !external) problems.push('CHAIN_RPC_URL is required in production mode');
  if (external || mode === 'production') {
    if (!e.USDT_CONTRACT) problems.push('USDT_CONTRACT is required with CHAIN_RPC_URL or in production mode');
    if (!e.CHAIN_ID) problems.push('CHAIN_ID is required with CHAIN_RPC_URL or in production mode');
    if (!e.HOT_WALLET_PRIVATE_KEY)
      problems.push('HOT_WALLET_PRIVATE_KEY is required with CHAIN_RPC_URL or in production mode');
  }
  if (e.DEPOSIT_XPRV) {
    if (!depositXpub) problems.push('DEPOSIT_XPRV needs DEPOSIT_XPUB, the extended public key it belongs to');
    else if (depositAccountFromXprv(e.DEPOSIT_XPRV).publicExtendedKey !== depositXpub)
      problems.push("DEPOSIT_XPRV is not the private key of DEPOSIT_XPUB (its addresses would not be the users')");
  }
  return {
    rpcUrl: e.CHAIN_RPC_URL,
    localRpcPort: e.CHAIN_RPC_PORT ?? 8545,
    chainId: e.CHAIN_ID ?? 31337,
    tokenAddress: e.USDT_CONTRACT,
    hotWalletPrivateKey: e.HOT_WALLET_PRIVATE_KEY,
    confirmations: e.CHAIN_CONFIRMATIONS ?? (external ? 15 : 2),
    depositMinimum: microFromText(e.DEPOSIT_MIN_USDT ?? '0.01'),
    withdrawAutoApproveMax: (e.WITHDRAW_AUTO_APPROVE_MAX ?? 0) * MICRO_PER_USDT,
    withdrawFourEyesMin: (e.WITHDRAW_FOUR_EYES_MIN ?? DEFAULT_FOUR_EYES_MIN_USDT) * MICRO_PER_USDT,
    pollIntervalMs: e.CHAIN_POLL_MS ?? 1000,
    startBlock: e.CHAIN_START_BLOCK ?? (external ? 'head' : 0),
    depositAccountXprv: e.DEPOSIT_XPRV,
    sweepMinimum: microFromText(e.SWEEP_MIN_USDT ?? DEFAULT_SWEEP_MIN_USDT),
    sweepIntervalMs: e.SWEEP_INTERVAL_MS ?? 60_000,
  };
}
