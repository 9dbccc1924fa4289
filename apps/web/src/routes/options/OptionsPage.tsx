import { OptionsScreen } from '../../features/options/OptionsScreen.tsx';

/** Seed 001 §2: the one-minute higher/lower option screen. */
export default function OptionsPage() {
  return <OptionsScreen />;
}
