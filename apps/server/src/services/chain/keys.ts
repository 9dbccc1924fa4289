// Keys of the demo mode, derived from the demo mnemonic in DATA_DIR/secrets.json. Production has none of these: its
// hot wallet key comes from HOT_WALLET_PRIVATE_KEY and deposit keys never reach the platform.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex, type Hex } from 'viem';
import { DEPOSIT_ACCOUNT_PATH } from './deposit-addresses.ts';

/** Account 1 of the demo seed, apart from the deposit addresses (account 0). */
const DEMO_HOT_WALLET_PATH = "m/44'/60'/1'/0/0";

function privateKeyAt(mnemonic: string, path: string): Hex {
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(path).privateKey;
  if (!key) throw new Error(`no private key at ${path}`);
  return bytesToHex(key);
}

export function demoHotWalletKey(mnemonic: string): Hex {
  return privateKeyAt(mnemonic, DEMO_HOT_WALLET_PATH);
}

/** The key of deposit address `index` (demo mode: sweeping deposits into the hot wallet). */
export function demoDepositKey(mnemonic: string, index: number): Hex {
  return privateKeyAt(mnemonic, `${DEPOSIT_ACCOUNT_PATH}/${index}`);
}
