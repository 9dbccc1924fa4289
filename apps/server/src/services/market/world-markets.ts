/**
 * The market-wide lists: the home table's tickers and the top-30 coins, each field the median over the fresh
 * sources (a pair without a fresh quote keeps its last values), and seven days of hourly prices per coin for the
 * markets page's sparklines. The market service refreshes it on every tick.
 */
import type { CoinMarket, HomeTicker } from '@tickline/protocol';
import { COINS, coinImage, FUTURES_SYMBOL, HOME_SYMBOLS } from './catalogue.ts';
import { HourlyCloses, SPARKLINE_HOURS } from './sparklines.ts';
import { bpsToPercent, changeBps, medianInteger, price8ToNumber } from '../../domain/market/units.ts';
import type { PriceSource, SourceQuote } from './types.ts';
import type { MarketLogger } from './logger.ts';

interface WorldQuote {
  price: number;
  changeBps: number;
  quoteVolume24h: number;
}

export class WorldMarkets {
  private readonly quotes = new Map<string, WorldQuote>();
  private readonly hourly = new HourlyCloses(SPARKLINE_HOURS);
  /** Logos are looked up once (a file check per coin), not on every tick. */
  private readonly images = new Map(COINS.map((coin) => [coin.pair, coinImage(coin)]));
  private tickersCache: HomeTicker[] = [];
  private coinsCache: CoinMarket[] = [];

  /** Seeds the hourly history from the first source that has one for a pair (the simulated market does). */
  async loadHistory(sources: readonly PriceSource[], nowMs: number, logger: MarketLogger): Promise<void> {
    for (const source of sources) {
      if (!source.hourlyHistory) continue;
      try {
        for (const coin of COINS)
          this.hourly.load(coin.pair, await source.hourlyHistory(coin.pair, SPARKLINE_HOURS, nowMs));
        return;
      } catch (error) {
        logger.warn({ source: source.name, err: String(error) }, 'hourly history failed');
      }
    }
  }

  /** Recomputes both lists from the sources' fresh quotes; answers whether anything shown changed. */
  refresh(freshQuotes: (pair: string) => SourceQuote[], nowMs: number): boolean {
    let changed = false;
    for (const coin of COINS) {
      const quotes = freshQuotes(coin.pair);
      if (quotes.length === 0) continue;
      const next: WorldQuote = {
        price: medianInteger(quotes.map((quote) => quote.price))!,
        changeBps: medianInteger(quotes.map((quote) => changeBps(quote.open24h, quote.price)))!,
        quoteVolume24h: medianInteger(quotes.map((quote) => quote.quoteVolume24h))!,
      };
      const last = this.quotes.get(coin.pair);
      if (
        !last ||
        last.price !== next.price ||
        last.changeBps !== next.changeBps ||
        last.quoteVolume24h !== next.quoteVolume24h
      )
        changed = true;
      this.quotes.set(coin.pair, next);
      this.hourly.observe(coin.pair, next.price, nowMs);
    }
    if (!changed) return false;
    this.tickersCache = HOME_SYMBOLS.flatMap((symbol) => {
      const quote = this.quotes.get(symbol);
      if (!quote) return [];
      return [
        {
          symbol,
          lastPrice: price8ToNumber(quote.price),
          priceChangePercent: bpsToPercent(quote.changeBps),
          image: this.images.get(symbol)!,
        },
      ];
    });
    this.coinsCache = COINS.flatMap((coin) => {
      const quote = this.quotes.get(coin.pair);
      if (!quote) return [];
      const price = price8ToNumber(quote.price);
      return [
        {
          id: coin.id,
          image: this.images.get(coin.pair)!,
          name: coin.name,
          symbol: coin.symbol,
          current_price: price,
          price_change_percentage_24h: bpsToPercent(quote.changeBps),
          total_volume: quote.quoteVolume24h,
          market_cap: Math.round(price * coin.circulatingSupply),
        },
      ];
    }).sort((a, b) => b.market_cap - a.market_cap);
    return true;
  }

  /**
   * The home tickers; given our BTCUSDT perpetual's summary, its row shows our last price and 24 h change rather than
   * the world's (the home hero and /futures show ours: one BTC price on every screen).
   */
  tickers(ours: { lastPrice: number; priceChangePercent: number } | null = null): HomeTicker[] {
    if (!ours) return this.tickersCache;
    return this.tickersCache.map((ticker) =>
      ticker.symbol === FUTURES_SYMBOL
        ? { ...ticker, lastPrice: ours.lastPrice, priceChangePercent: ours.priceChangePercent }
        : ticker,
    );
  }

  coins(): CoinMarket[] {
    return this.coinsCache;
  }

  /** The coins with CoinGecko's `sparkline_in_7d`: hourly prices of the last 7 days, the current hour last. */
  coinsWithSparkline(): CoinMarket[] {
    const pairOf = new Map(COINS.map((coin) => [coin.id, coin.pair]));
    return this.coinsCache.map((coin) => ({
      ...coin,
      sparkline_in_7d: { price: this.hourly.closes(pairOf.get(coin.id)!).map((entry) => price8ToNumber(entry.close)) },
    }));
  }
}
