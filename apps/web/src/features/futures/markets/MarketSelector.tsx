import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { useFrameValue } from '../../../lib/frameStore.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { useServerRules } from '../../rules/useServerRules.ts';
import { useMarket } from './MarketContext.tsx';
import { futuresPath, searchMarkets, stepIndex } from './symbols.ts';
import type { TickerBoard } from './tickerBoard.ts';
import styles from './selector.module.css';
import shared from '../futures.module.css';

/** Below the trigger, fixed to the viewport. */
function anchorOf(button: HTMLButtonElement | null): { top: number; left: number } {
  const rect = button?.getBoundingClientRect();
  return { top: (rect?.bottom ?? 0) + 6, left: rect?.left ?? 0 };
}

/**
 * #34 item 5: the symbol in the ticker strip opens every market with its last price and 24 h change (live from each
 * market's ticker stream); typing filters, arrows move, Enter opens the market's screen, Escape closes.
 */
export function MarketSelector({ board }: { board: TickerBoard }) {
  const t = useT();
  const navigate = useNavigate();
  const { symbol } = useMarket();
  const markets = useServerRules()?.markets ?? [];
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const shown = searchMarkets(markets, query);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popoverRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const toggle = () => {
    setQuery('');
    setActive(
      Math.max(
        0,
        markets.findIndex((market) => market.symbol === symbol),
      ),
    );
    setOpen((now) => !now);
  };
  const choose = (next: string | undefined) => {
    if (next === undefined) return;
    setOpen(false);
    buttonRef.current?.focus();
    if (next !== symbol) void navigate(futuresPath(next));
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((now) => stepIndex(now, shown.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(shown[active]?.symbol);
    } else if (event.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t('futures.markets.choose')}
        onClick={toggle}
        data-testid="market-selector"
      >
        <span data-testid="market-symbol">{symbol}</span>
        <span className={styles.caret} aria-hidden="true">
          ▾
        </span>
      </button>
      {/* In the body: the strip scrolls sideways and the screen's panels contain their content, either would clip it. */}
      {open
        ? createPortal(
            <div
              ref={popoverRef}
              className={styles.popover}
              style={anchorOf(buttonRef.current)}
              data-testid="market-popover"
            >
              <input
                className={styles.search}
                autoFocus
                value={query}
                placeholder={t('futures.markets.search')}
                aria-label={t('futures.markets.search')}
                aria-controls={listId}
                aria-activedescendant={shown[active] ? `${listId}-${shown[active].symbol}` : undefined}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onKey}
                data-testid="market-search"
              />
              <div className={styles.head} aria-hidden="true">
                <span>{t('futures.symbol')}</span>
                <span className={styles.num}>{t('futures.markets.lastPrice')}</span>
                <span className={styles.num}>{t('futures.markets.change')}</span>
              </div>
              {shown.length === 0 ? <p className={styles.empty}>{t('futures.markets.none')}</p> : null}
              <ul id={listId} role="listbox" className={styles.list} aria-label={t('futures.markets.choose')}>
                {shown.map((market, index) => (
                  <MarketOption
                    key={market.symbol}
                    id={`${listId}-${market.symbol}`}
                    symbol={market.symbol}
                    decimals={market.priceDecimals}
                    board={board}
                    active={index === active}
                    current={market.symbol === symbol}
                    onHover={() => setActive(index)}
                    onChoose={() => choose(market.symbol)}
                  />
                ))}
              </ul>
            </div>,
            document.body,
          )
        : null}
      <span className={shared.muted}>{t('futures.perpetual')}</span>
    </>
  );
}

interface OptionProps {
  id: string;
  symbol: string;
  decimals: number;
  board: TickerBoard;
  active: boolean;
  current: boolean;
  onHover: () => void;
  onChoose: () => void;
}

function MarketOption({ id, symbol, decimals, board, active, current, onHover, onChoose }: OptionProps) {
  const summary = useFrameValue(board, 'summaries')[symbol];
  const change = summary?.changePercent;
  const tone = change === undefined || change === 0 ? undefined : change > 0 ? shared.up : shared.down;
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      aria-current={current ? 'true' : undefined}
      className={styles.row}
      onPointerEnter={onHover}
      onClick={onChoose}
      data-testid="market-option"
      data-symbol={symbol}
    >
      <strong className={current ? styles.current : undefined}>{symbol}</strong>
      <span className={`${styles.num} ${tone ?? ''}`} data-testid="market-option-last">
        {summary ? formatNumber(summary.lastPrice, decimals) : '-'}
      </span>
      <span className={`${styles.num} ${tone ?? ''}`} data-testid="market-option-change">
        {change === undefined ? '-' : formatPercent(change)}
      </span>
    </li>
  );
}
