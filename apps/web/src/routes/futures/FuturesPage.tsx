import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 000 §2: the BTCUSDT perpetual futures screen (built by the futures issue). */
export default function FuturesPage() {
  return (
    <NotOpenYet
      title="screen.futures"
      subtitle="screen.futuresSubtitle"
      layout="trading"
      panels={[
        'frame.tickerStrip',
        'frame.chart',
        'frame.orderBook',
        'frame.tradePanel',
        'frame.positions',
        'frame.assets',
      ]}
    />
  );
}
