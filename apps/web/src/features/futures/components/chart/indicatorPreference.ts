// The indicator set, remembered in local storage (per browser, like the colours and time zone).
import { useCallback, useState } from 'react';
import { parseIndicators, type IndicatorKind, type IndicatorSet } from '../../calc/indicators.ts';

export const INDICATORS_KEY = 'tickline.chart.indicators';

function read(): IndicatorSet {
  try {
    return parseIndicators(window.localStorage.getItem(INDICATORS_KEY));
  } catch {
    return parseIndicators(null); // storage blocked
  }
}

export function useIndicators(): [IndicatorSet, (kind: IndicatorKind) => void] {
  const [set, setSet] = useState(read);
  const toggle = useCallback((kind: IndicatorKind) => {
    setSet((current) => {
      const next = { ...current, [kind]: !current[kind] };
      try {
        window.localStorage.setItem(INDICATORS_KEY, JSON.stringify(next));
      } catch {
        // storage blocked: the choice lasts for this screen only
      }
      return next;
    });
  }, []);
  return [set, toggle];
}
