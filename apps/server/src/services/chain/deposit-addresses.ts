import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/** BIP-44 account path for Ethereum-style chains (BSC uses the same): external chain of account 0. */
export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'/0";

export function accountXpubFromMnemonic(mnemonic: string): string {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(DEPOSIT_ACCOUNT_PATH).publicExtendedKey;
}

/** Derives checksummed BEP-20 deposit addresses from the account xpub; needs no private key. */
export class DepositAddressDeriver {
  private readonly account: HDKey;

  constructor(accountXpub: string) {
    this.account = HDKey.fromExtendedKey(accountXpub);
  }

  addressAt(index: number): `0x${string}` {
    if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError(`bad child index ${index}`);
    const compressed = this.account.deriveChild(index).publicKey;
    if (!compressed) throw new Error(`no public key at child ${index}`);
    // Addresses hash the uncompressed key; BIP-32 hands out the compressed form.
    const uncompressed = secp256k1.Point.fromBytes(compressed).toBytes(false);
    return publicKeyToAddress(bytesToHex(uncompressed));
  }
}
