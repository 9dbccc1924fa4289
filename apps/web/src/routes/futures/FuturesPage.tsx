import { Navigate, useParams } from 'react-router-dom';
import { FuturesScreen } from '../../features/futures/FuturesScreen.tsx';
import { TradingLayout } from '../../features/futures/TradingLayout.tsx';
import { routeSymbol } from '../../features/futures/markets/symbols.ts';
import { useServerRules } from '../../features/rules/useServerRules.ts';

/**
 * Seed 000 §2: the perpetual futures screen (its own lazily loaded chunk, outside the site layout); `/futures` is
 * BTCUSDT's, `/futures/{symbol}` another market's (#34), an unknown symbol goes to `/futures`.
 */
export default function FuturesPage() {
  const { symbol: param } = useParams();
  const listed = useServerRules()?.markets.map((market) => market.symbol);
  const symbol = routeSymbol(param, listed);
  if (symbol === null) return <Navigate to="/futures" replace />;
  return (
    <TradingLayout>
      {/* One screen per market: its streams, order form and chart start afresh when the market changes. */}
      <FuturesScreen key={symbol} symbol={symbol} />
    </TradingLayout>
  );
}
