import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: the one-minute higher/lower option screen (built by the options issue). */
export default function OptionsPage() {
  return (
    <NotOpenYet
      title="screen.options"
      subtitle="screen.optionsSubtitle"
      layout="options"
      panels={['frame.tickerStrip', 'frame.chart', 'frame.orderBook', 'frame.optionPanel', 'frame.recentTransactions']}
    />
  );
}
