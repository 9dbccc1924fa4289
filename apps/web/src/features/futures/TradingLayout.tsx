import type { ReactNode } from 'react';
import { Header } from '../layout/Header.tsx';
import styles from './futures.module.css';

/**
 * Full-height trading layout: the site header over a screen that fills the viewport, no footer. It lives in the
 * futures chunk (not the site shell), so `/` does not load it.
 */
export function TradingLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.tradingLayout}>
      <Header />
      <main className={styles.tradingMain} id="main">
        {children}
      </main>
    </div>
  );
}
