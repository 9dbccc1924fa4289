import { formatUsdt } from '@tickline/money';
import { microsOf } from '../../lib/units.ts';

/** A USDT amount of the API (a JSON number made from micro-USDT) with 2 decimals, rounded down. */
export const usdtText = (amount: number | null | undefined) => formatUsdt(microsOf(amount));

/** `0x1234…abcd`: enough of an address or hash to tell it apart, the whole of it in the title. */
export const shortHex = (hex: string) => (hex.length > 14 ? `${hex.slice(0, 6)}…${hex.slice(-4)}` : hex);

/** The seed's wallet names: 'bsc' is the spot wallet (USDT BEP-20), 'usdtm' the futures wallet. */
export const walletNameKey = (wallet: string) => (wallet === 'usdtm' ? 'wallet.futuresName' : 'wallet.spotName');
