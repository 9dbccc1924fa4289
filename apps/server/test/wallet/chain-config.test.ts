import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { accountXpubFromMnemonic, DEPOSIT_ACCOUNT_PATH } from '../../src/services/chain/deposit-addresses.ts';
import { DepositKeys } from '../../src/services/chain/deposit-keys.ts';
import { LOCAL_CHAIN_MNEMONIC } from '../../src/services/chain/local-chain.ts';
import { TEST_MNEMONIC } from '../helpers/test-app.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/');
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

const EXTERNAL = {
  CHAIN_RPC_URL: 'https://bsc-rpc.example',
  CHAIN_ID: '56',
  USDT_CONTRACT: '0x55d398326f99059fF775485246999027B3197955',
  HOT_WALLET_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
};

describe('chain configuration', () => {
  it('defaults to the platform’s own anvil in demo mode: port 8545, 2 confirmations, no automatic approval', () => {
    const { chain } = loadConfig({}, '/');
    expect(chain).toMatchObject({
      rpcUrl: undefined,
      localRpcPort: 8545,
      chainId: 31337,
      confirmations: 2,
      depositMinimum: 10_000,
      withdrawAutoApproveMax: 0,
      startBlock: 0,
    });
    expect(loadConfig({ CHAIN_RPC_PORT: '18545' }, '/').chain.localRpcPort).toBe(18545);
  });

  it('takes an external node with its token, chain id and hot wallet key, waiting 15 confirmations by default', () => {
    const { chain } = loadConfig({ ...EXTERNAL, WITHDRAW_AUTO_APPROVE_MAX: '500', DEPOSIT_MIN_USDT: '1.5' }, '/');
    expect(chain).toMatchObject({
      rpcUrl: 'https://bsc-rpc.example',
      chainId: 56,
      tokenAddress: '0x55d398326f99059fF775485246999027B3197955',
      confirmations: 15,
      withdrawAutoApproveMax: 500_000_000,
      depositMinimum: 1_500_000,
      startBlock: 'head',
    });
  });

  it('requires the node, token, chain id and hot wallet key in production, and names every bad value', () => {
    expect(
      problemsOf({ TICKLINE_MODE: 'production', JWT_SECRET: 'x'.repeat(32) }).filter(
        (p) => !p.startsWith('DEPOSIT_XPUB'),
      ),
    ).toEqual([
      'CHAIN_RPC_URL is required in production mode',
      'USDT_CONTRACT is required with CHAIN_RPC_URL or in production mode',
      'CHAIN_ID is required with CHAIN_RPC_URL or in production mode',
      'HOT_WALLET_PRIVATE_KEY is required with CHAIN_RPC_URL or in production mode',
    ]);
    const bad = problemsOf({
      ...EXTERNAL,
      CHAIN_RPC_URL: 'ftp://node',
      USDT_CONTRACT: '0x55d398326f99059ff775485246999027B3197955', // mixed case, wrong checksum
      HOT_WALLET_PRIVATE_KEY: '0x1234',
      CHAIN_CONFIRMATIONS: '0',
      CHAIN_RPC_PORT: '70000',
      DEPOSIT_MIN_USDT: '0.0000001',
    });
    for (const name of [
      'CHAIN_RPC_URL',
      'USDT_CONTRACT',
      'HOT_WALLET_PRIVATE_KEY',
      'CHAIN_CONFIRMATIONS',
      'CHAIN_RPC_PORT',
      'DEPOSIT_MIN_USDT',
    ])
      expect(
        bad.some((problem) => problem.startsWith(name)),
        name,
      ).toBe(true);
  });

  it('sweeps from 100 USDT every minute by default; SWEEP_MIN_USDT and SWEEP_INTERVAL_MS are validated', () => {
    expect(loadConfig({}, '/').chain).toMatchObject({
      sweepMinimum: 100_000_000,
      sweepIntervalMs: 60_000,
      depositAccountXprv: undefined,
    });
    expect(loadConfig({ SWEEP_MIN_USDT: '250.5', SWEEP_INTERVAL_MS: '5000' }, '/').chain).toMatchObject({
      sweepMinimum: 250_500_000,
      sweepIntervalMs: 5_000,
    });
    for (const [name, value] of [
      ['SWEEP_MIN_USDT', '0'],
      ['SWEEP_MIN_USDT', '1e3'],
      ['SWEEP_MIN_USDT', '-5'],
      ['SWEEP_INTERVAL_MS', '10'],
      ['SWEEP_INTERVAL_MS', '1.5'],
    ])
      expect(
        problemsOf({ [name!]: value! }).some((p) => p.startsWith(name!)),
        `${name}=${value}`,
      ).toBe(true);
  });

  it('takes DEPOSIT_XPRV only as the private key of DEPOSIT_XPUB at the deposit account path', () => {
    const account = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC)).derive(DEPOSIT_ACCOUNT_PATH);
    const xpub = accountXpubFromMnemonic(TEST_MNEMONIC);
    const xprv = account.privateExtendedKey;
    const { chain } = loadConfig({ DEPOSIT_XPUB: xpub, DEPOSIT_XPRV: xprv }, '/');
    expect(chain.depositAccountXprv).toBe(xprv);
    expect(DepositKeys.fromXprv(xprv).accountXpub).toBe(xpub);

    const other = HDKey.fromMasterSeed(mnemonicToSeedSync(LOCAL_CHAIN_MNEMONIC));
    const cases: Array<[Record<string, string>, string]> = [
      [{ DEPOSIT_XPUB: xpub, DEPOSIT_XPRV: 'xprv-nonsense' }, 'DEPOSIT_XPRV must be the extended private key'],
      [{ DEPOSIT_XPUB: xpub, DEPOSIT_XPRV: xpub }, 'DEPOSIT_XPRV must be the extended private key'],
      [{ DEPOSIT_XPUB: xpub, DEPOSIT_XPRV: other.privateExtendedKey }, 'DEPOSIT_XPRV must be the extended private key'],
      [
        { DEPOSIT_XPUB: xpub, DEPOSIT_XPRV: other.derive(DEPOSIT_ACCOUNT_PATH).privateExtendedKey },
        'DEPOSIT_XPRV is not the private key of DEPOSIT_XPUB',
      ],
      [{ DEPOSIT_XPRV: xprv }, 'DEPOSIT_XPRV needs DEPOSIT_XPUB'],
    ];
    for (const [env, problem] of cases)
      expect(
        problemsOf(env).some((p) => p.startsWith(problem)),
        JSON.stringify(env).slice(0, 60),
      ).toBe(true);
  });
});
