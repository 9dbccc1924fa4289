import { useEffect, useRef } from 'react';
import { formatDecimal, formatPrice, formatUsdt } from '@tickline/money';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import { subscribeUpDownColours } from '../../../preferences/upDownColours.ts';
import { depthOf, type MarketStore } from '../../stream/marketFeed.ts';
import { useMarket } from '../../markets/MarketContext.tsx';
import { baseOf, sizeText } from '../../markets/symbols.ts';
import styles from '../../futures.module.css';
import { depthAt, depthCurve, impactBps, type DepthCurve, type DepthReading } from './depthCurve.ts';
import { depthGeometry, paintDepth, type DepthColours } from './paintDepth.ts';

interface Labels {
  bid: string;
  ask: string;
  mid: string;
  sum: string;
  hint: string;
  /** The market's size unit and decimals (ETH, 3). */
  base: string;
  qtyDecimals: number;
}

function coloursOf(element: HTMLElement): DepthColours {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    up: read('--up'),
    upSoft: read('--up-soft'),
    down: read('--down'),
    downSoft: read('--down-soft'),
    muted: read('--muted'),
    border: read('--border'),
    text: read('--text'),
  };
}

function readoutText(curve: DepthCurve, reading: DepthReading | null, labels: Labels): string {
  if (!reading || curve.mid === null) return labels.hint;
  const side = reading.side === 'bid' ? labels.bid : labels.ask;
  const impact = formatDecimal(impactBps(curve.mid, reading.price), 2);
  return `${side} ${formatPrice(reading.price)} (${reading.side === 'bid' ? '-' : '+'}${impact}%) · ${labels.sum} ${sizeText(reading.cumulative, labels.qtyDecimals)} ${labels.base} · ${formatUsdt(reading.notional)} USDT`;
}

/**
 * The depth chart view of the book: painted straight from the market store once per frame (the store's listener runs
 * in its animation-frame flush), never through React state, so a depth message costs one paint and no render.
 */
export function DepthChart({ store, qtyDecimals }: { store: MarketStore; qtyDecimals: number }) {
  const t = useT();
  const { symbol } = useMarket();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const readoutRef = useRef<HTMLParagraphElement>(null);
  const labels = useRef<Labels>({ bid: '', ask: '', mid: '', sum: '', hint: '', base: '', qtyDecimals });
  labels.current = {
    bid: t('futures.book.bid'),
    ask: t('futures.book.ask'),
    mid: t('futures.book.mid'),
    sum: t('futures.book.sum'),
    hint: t('futures.book.hint'),
    base: baseOf(symbol),
    qtyDecimals,
  };

  useEffect(() => {
    const canvas = canvasRef.current;
    const readout = readoutRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !readout || !ctx) return;
    let curve: DepthCurve = depthCurve(depthOf(store.get('depthText')));
    let colours = coloursOf(canvas);
    let size = { width: 0, height: 0 };
    let pointerX: number | null = null;
    let frame = 0;

    const paint = () => {
      frame = 0;
      const ratio = window.devicePixelRatio || 1;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      // Read the pointer against this frame's curve and scale, not the last frame's.
      const geometry = depthGeometry(curve, size.width, size.height);
      const reading = pointerX !== null && geometry ? depthAt(curve, Math.round(geometry.priceAt(pointerX))) : null;
      const hover = pointerX === null ? null : { x: pointerX, reading };
      const { mid: midLabel, base, qtyDecimals: sizeDecimals } = labels.current;
      paintDepth(ctx, { curve, ...size, colours, hover, midLabel, sizeUnit: { base, decimals: sizeDecimals } });
      canvas.dataset.levels = `${curve.bids.length}:${curve.asks.length}`;
      const text = readoutText(curve, reading, labels.current);
      if (readout.textContent !== text) readout.textContent = text;
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(paint);
    };
    const resize = () => {
      const ratio = window.devicePixelRatio || 1;
      size = { width: canvas.clientWidth, height: canvas.clientHeight };
      canvas.width = Math.round(size.width * ratio);
      canvas.height = Math.round(size.height * ratio);
      colours = coloursOf(canvas); // the up/down preference may have changed too
      paint();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    const stop = store.subscribe('depthText', () => {
      curve = depthCurve(depthOf(store.get('depthText')));
      if (frame !== 0) cancelAnimationFrame(frame);
      paint(); // already inside the store's frame flush
    });
    const onMove = (event: PointerEvent) => {
      pointerX = event.offsetX;
      schedule();
    };
    const onLeave = () => {
      pointerX = null;
      schedule();
    };
    const stopColours = subscribeUpDownColours(() => {
      colours = coloursOf(canvas);
      schedule();
    });
    canvas.addEventListener('pointermove', onMove);
    canvas.addEventListener('pointerdown', onMove);
    canvas.addEventListener('pointerleave', onLeave);
    return () => {
      stop();
      stopColours();
      observer.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerdown', onMove);
      canvas.removeEventListener('pointerleave', onLeave);
    };
  }, [store]);

  return (
    <div className={styles.depthView}>
      <div className={styles.depthPlot}>
        <canvas
          ref={canvasRef}
          className={styles.depthCanvas}
          role="img"
          aria-label={t('futures.book.depthChart')}
          data-testid="depth-chart"
        />
      </div>
      <p ref={readoutRef} className={styles.depthReadout} data-testid="depth-readout" aria-live="off" />
    </div>
  );
}
