// Sizes across markets are never added together (0.001 BTC + 0.01 ETH is no quantity): close-all names each market's
// size in its own unit and decimals (#34).
import type { QtyLots } from '@tickline/money';
import { lotsOf } from '../../../../lib/units.ts';
import { baseOf, rowSymbol, sizeText } from '../../markets/symbols.ts';

export interface MarketSize {
  symbol: string;
  lots: QtyLots;
}

/** Each market's summed size (whole lots), in the order its first position comes. */
export function sizesByMarket(positions: readonly { symbol?: string | undefined; volume: number }[]): MarketSize[] {
  const sizes: MarketSize[] = [];
  for (const position of positions) {
    const symbol = rowSymbol(position);
    const lots = lotsOf(position.volume);
    const known = sizes.find((size) => size.symbol === symbol);
    if (known) known.lots += lots;
    else sizes.push({ symbol, lots });
  }
  return sizes;
}

/** "0.0010 BTC, 0.010 ETH": each market's size with its decimals (`qtyDecimals` of the symbol) and base asset. */
export function marketSizesText(sizes: readonly MarketSize[], qtyDecimals: (symbol: string) => number): string {
  return sizes.map((size) => `${sizeText(size.lots, qtyDecimals(size.symbol))} ${baseOf(size.symbol)}`).join(', ');
}
