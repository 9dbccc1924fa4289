import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 000 §2: the BTCUSDT perpetual futures screen (built by the futures issue). */
export default function FuturesPage() {
  return (
    <NotOpenYet
      title="screen.futures"
      subtitle="screen.futuresSubtitle"
      layout="trading"
      panels={[
        { label: 'frame.tickerStrip', area: 'strip' },
        { label: 'frame.chart', area: 'chart' },
        { label: 'frame.orderBook', area: 'book' },
        { label: 'frame.tradePanel', area: 'trade' },
        { label: 'frame.positions', area: 'positions' },
        { label: 'frame.assets', area: 'assets' },
      ]}
    />
  );
}
