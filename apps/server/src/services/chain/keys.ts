// Keys of the demo mode, derived from the demo mnemonic in DATA_DIR/secrets.json. Production has none of these: its
// hot wallet key comes from HOT_WALLET_PRIVATE_KEY. The deposit addresses' keys (for sweeping) are in deposit-keys.ts.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex, type Hex } from 'viem';

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
