/**
 * The coins we show: the eight home-table symbols and a top-30 list for /markets. Reference prices, supplies and
 * volumes are plausible late-2024 figures; they seed the simulated source and give names, supplies (for market
 * caps) and images to every source. Volatilities are annualised.
 */
import { coinIconUrl } from './coin-icons.ts';

export const FUTURES_SYMBOL = 'BTCUSDT';

/** The seeds' home Market Trend table, in their order. */
export const HOME_SYMBOLS = [
  'BTCUSDT',
  'ETHUSDT',
  'BNBUSDT',
  'SOLUSDT',
  'XRPUSDT',
  'DOGEUSDT',
  'SHIBUSDT',
  'BCHUSDT',
] as const;

export interface CoinDefinition {
  /** CoinGecko-style id (the seeds' coin list comes from such a service). */
  id: string;
  name: string;
  /** Ticker of the coin, lower case as CoinGecko sends it. */
  symbol: string;
  /** Quote symbol of its USDT pair. */
  pair: string;
  referencePriceUsdt: number;
  circulatingSupply: number;
  referenceVolume24hUsdt: number;
  annualVolatility: number;
  /** Correlation with the market (BTC) factor. */
  marketBeta: number;
  /** Stablecoins stay at 1 USDT with tiny noise. */
  stable?: boolean;
  color: string;
}

function coin(
  id: string,
  name: string,
  symbol: string,
  referencePriceUsdt: number,
  circulatingSupply: number,
  referenceVolume24hUsdt: number,
  annualVolatility: number,
  marketBeta: number,
  color: string,
  stable = false,
): CoinDefinition {
  return {
    id,
    name,
    symbol: symbol.toLowerCase(),
    pair: `${symbol}USDT`,
    referencePriceUsdt,
    circulatingSupply,
    referenceVolume24hUsdt,
    annualVolatility,
    marketBeta,
    color,
    ...(stable ? { stable } : {}),
  };
}

export const COINS: readonly CoinDefinition[] = [
  coin('bitcoin', 'Bitcoin', 'BTC', 67_000, 19_780_000, 30e9, 0.6, 1, '#f7931a'),
  coin('ethereum', 'Ethereum', 'ETH', 2_600, 120_300_000, 15e9, 0.75, 0.85, '#627eea'),
  coin('tether', 'Tether', 'USDT', 1, 120e9, 50e9, 0.002, 0, '#26a17b', true),
  coin('binancecoin', 'BNB', 'BNB', 590, 145_900_000, 1.5e9, 0.6, 0.7, '#f3ba2f'),
  coin('solana', 'Solana', 'SOL', 160, 470_000_000, 3e9, 0.95, 0.8, '#9945ff'),
  coin('usd-coin', 'USDC', 'USDC', 1, 35e9, 6e9, 0.002, 0, '#2775ca', true),
  coin('ripple', 'XRP', 'XRP', 0.55, 56.8e9, 1.3e9, 0.85, 0.7, '#23292f'),
  coin('dogecoin', 'Dogecoin', 'DOGE', 0.13, 146e9, 1e9, 1.0, 0.75, '#c2a633'),
  coin('tron', 'TRON', 'TRX', 0.16, 86.6e9, 400e6, 0.5, 0.5, '#ff060a'),
  coin('the-open-network', 'Toncoin', 'TON', 5.2, 2.54e9, 300e6, 0.8, 0.6, '#0098ea'),
  coin('cardano', 'Cardano', 'ADA', 0.35, 35e9, 300e6, 0.85, 0.75, '#0033ad'),
  coin('avalanche-2', 'Avalanche', 'AVAX', 26, 406_000_000, 350e6, 0.95, 0.8, '#e84142'),
  coin('shiba-inu', 'Shiba Inu', 'SHIB', 0.000018, 589e12, 400e6, 1.0, 0.75, '#e0771e'),
  coin('chainlink', 'Chainlink', 'LINK', 11.5, 627_000_000, 350e6, 0.9, 0.8, '#2a5ada'),
  coin('bitcoin-cash', 'Bitcoin Cash', 'BCH', 360, 19_760_000, 300e6, 0.8, 0.8, '#8dc351'),
  coin('polkadot', 'Polkadot', 'DOT', 4.4, 1.5e9, 200e6, 0.85, 0.8, '#e6007a'),
  coin('near', 'NEAR Protocol', 'NEAR', 4.9, 1.2e9, 300e6, 1.0, 0.8, '#00c08b'),
  coin('sui', 'Sui', 'SUI', 2.0, 2.8e9, 800e6, 1.1, 0.7, '#4da2ff'),
  coin('litecoin', 'Litecoin', 'LTC', 70, 75_000_000, 400e6, 0.75, 0.8, '#345d9d'),
  coin('uniswap', 'Uniswap', 'UNI', 7.5, 600_000_000, 200e6, 0.95, 0.8, '#ff007a'),
  coin('pepe', 'Pepe', 'PEPE', 0.0000095, 420.69e12, 900e6, 1.2, 0.7, '#3d9b35'),
  coin('internet-computer', 'Internet Computer', 'ICP', 8.5, 470_000_000, 100e6, 0.9, 0.75, '#29abe2'),
  coin('aptos', 'Aptos', 'APT', 9, 510_000_000, 200e6, 1.0, 0.75, '#2ed8a7'),
  coin('ethereum-classic', 'Ethereum Classic', 'ETC', 19, 148_000_000, 150e6, 0.8, 0.8, '#328332'),
  coin('stellar', 'Stellar', 'XLM', 0.095, 29.8e9, 80e6, 0.7, 0.7, '#14b6e7'),
  coin('render-token', 'Render', 'RENDER', 5.3, 390_000_000, 150e6, 1.1, 0.7, '#e13a3a'),
  coin('filecoin', 'Filecoin', 'FIL', 3.7, 600_000_000, 180e6, 0.9, 0.75, '#0090ff'),
  coin('arbitrum', 'Arbitrum', 'ARB', 0.55, 3.8e9, 250e6, 1.0, 0.8, '#28a0f0'),
  coin('cosmos', 'Cosmos Hub', 'ATOM', 4.5, 390_000_000, 100e6, 0.85, 0.8, '#2e3148'),
  coin('hedera-hashgraph', 'Hedera', 'HBAR', 0.05, 37e9, 50e6, 0.85, 0.7, '#222222'),
];

/** Every pair any screen shows (home symbols are all in the top 30). */
export const QUOTED_PAIRS: readonly string[] = COINS.map((c) => c.pair);

/** The coin's logo: the shipped `cryptocurrency-icons` one when the package has it, else a letter badge. */
export function coinImage(definition: CoinDefinition): string {
  return coinIconUrl(definition.symbol) ?? letterBadge(definition);
}

/**
 * A small round badge with the ticker's letters as an inline SVG data URI, for a coin without a shipped logo:
 * nothing to fetch, deterministic per coin.
 */
export function letterBadge(definition: CoinDefinition): string {
  const label = definition.symbol.toUpperCase().slice(0, 4);
  const fontSize = label.length <= 3 ? 22 : 17;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="${definition.color}"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" ` +
    `font-weight="700" font-size="${fontSize}" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
