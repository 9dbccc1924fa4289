import { createContext, useContext, type ReactNode } from 'react';
import { useServerRules } from '../../rules/useServerRules.ts';
import type { MarketInfo } from '../../rules/serverRules.ts';
import { DEFAULT_SYMBOL, marketDecimals } from './symbols.ts';

/** The futures screen's market (#34 item 5): its symbol from the address, its rules once the server's arrive. */
export interface CurrentMarket {
  symbol: string;
  /** Undefined until GET /server/config answers (estimates show "-" meanwhile, as before #34). */
  info: MarketInfo | undefined;
}

const MarketContext = createContext<CurrentMarket>({ symbol: DEFAULT_SYMBOL, info: undefined });

export function MarketProvider({ symbol, children }: { symbol: string; children: ReactNode }) {
  const info = useServerRules()?.markets.find((market) => market.symbol === symbol);
  return <MarketContext.Provider value={{ symbol, info }}>{children}</MarketContext.Provider>;
}

/** The market the futures screen shows; BTCUSDT outside one (the seeds' single market). */
export const useMarket = (): CurrentMarket => useContext(MarketContext);

/** A market's rules by symbol (a row of another market), undefined until the rules arrive. */
export function useMarketInfo(symbol: string): MarketInfo | undefined {
  return useServerRules()?.markets.find((market) => market.symbol === symbol);
}

/** Each market's size decimals by symbol (ETH 3, SOL 2; the seeds' 4 until the rules arrive), for rows of any market. */
export function useQtyDecimals(): (symbol: string) => number {
  const markets = useServerRules()?.markets;
  return (symbol) => marketDecimals(markets?.find((market) => market.symbol === symbol)).qty;
}
