import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: the one-minute higher/lower option screen (built by the options issue). */
export default function OptionsPage() {
  return (
    <NotOpenYet
      title="screen.options"
      subtitle="screen.optionsSubtitle"
      layout="options"
      panels={[
        { label: 'frame.tickerStrip', area: 'strip' },
        { label: 'frame.chart', area: 'chart' },
        { label: 'frame.orderBook', area: 'book' },
        { label: 'frame.optionPanel', area: 'trade' },
        { label: 'frame.recentTransactions', area: 'orders' },
      ]}
    />
  );
}
