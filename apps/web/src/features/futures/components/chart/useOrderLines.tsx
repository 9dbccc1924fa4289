// Chart trading: the order layer's cancel and drop wired to the server, with the confirmation a drag needs.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { OpenOrderRow } from '@tickline/protocol';
import { Modal } from '../../../../ui/Modal.tsx';
import { useToast } from '../../../../ui/Toast.tsx';
import { formatNumber } from '../../../../lib/format.ts';
import { useT, type Translate } from '../../../../i18n/I18nProvider.tsx';
import { chartLines, toTickPrice, type ChartLine } from '../../calc/chartLines.ts';
import { cancelOrder } from '../../api.ts';
import { useFeedback } from '../../feedback.tsx';
import { futuresKeys } from '../../queries.ts';
import { ConfirmButton } from '../ConfirmButton.tsx';
import { cssVar } from './chartSeries.ts';
import { OrderLineLayer } from './orderLineLayer.ts';
import { amendOrderPrice } from './api.ts';
import type { Series } from './chartSeries.ts';
import { useMarket } from '../../markets/MarketContext.tsx';
import { baseOf, marketDecimals } from '../../markets/symbols.ts';

export function lineColor(line: ChartLine): string {
  switch (line.kind) {
    case 'entry':
      return '#f5b300';
    case 'liquidation':
      return '#ff8a00';
    case 'takeProfit':
      return cssVar('--up', '#0ecb81');
    case 'stopLoss':
      return cssVar('--down', '#f6465d');
    default:
      return line.side === 1 ? cssVar('--up', '#0ecb81') : cssVar('--down', '#f6465d');
  }
}

export function lineTitle(line: ChartLine, t: Translate): string {
  const titles = {
    entry: t('futures.entry'),
    liquidation: t('futures.liquidation'),
    takeProfit: t('futures.takeProfit'),
    stopLoss: t('futures.stopLoss'),
    order: t('futures.order'),
    trigger: t('futures.chart.trigger'),
  } as const;
  return titles[line.kind];
}

function chipText(line: ChartLine, price: number, t: Translate, qtyDecimals: number): string {
  const side = t(line.side === 1 ? 'futures.chart.buy' : 'futures.chart.sell');
  const kind = line.kind === 'trigger' ? `${t('futures.chart.trigger')} ` : '';
  return `${kind}${side} ${formatNumber(line.volume ?? 0, qtyDecimals)} @ ${formatNumber(Number(toTickPrice(price)), 2)}`;
}

interface Pending {
  line: ChartLine;
  price: string;
}

/**
 * Draws the open orders and triggers as lines over the chart (the layer lives as long as the series) and returns the
 * amend confirmation to render. A waiting trigger is not draggable (the server cannot amend it, 8109); it can be
 * cancelled from its line and placed again from the form.
 */
export function useOrderLines(
  seriesRef: RefObject<Series | null>,
  overlayRef: RefObject<HTMLDivElement | null>,
  orders: readonly OpenOrderRow[],
  seriesVersion: number,
  readoutRef: RefObject<HTMLDivElement | null>,
): { layer: RefObject<OrderLineLayer | null>; confirm: ReactNode } {
  const t = useT();
  const toast = useToast();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const layerRef = useRef<OrderLineLayer | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const tRef = useRef(t);
  tRef.current = t;
  // The chart's market: its sizes' decimals and unit (ETH 3) on the chips and in the confirm.
  const { symbol, info } = useMarket();
  const qtyDecimals = marketDecimals(info).qty;
  const decimalsRef = useRef(qtyDecimals);
  decimalsRef.current = qtyDecimals;

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: futuresKeys.openOrders }),
    [queryClient],
  );

  useEffect(() => {
    const series = seriesRef.current;
    const overlay = overlayRef.current;
    if (!series || !overlay) return;
    const layer = new OrderLineLayer(
      series.chart,
      series.candles,
      overlay,
      {
        text: (line, price) => chipText(line, price, tRef.current, decimalsRef.current),
        cancel: (line) => tRef.current('futures.chart.cancelLine', { no: String(line.no) }),
        colour: lineColor,
        edge: (line) => `${lineTitle(line, tRef.current)} ${formatNumber(line.price, 2)}`,
      },
      {
        cancel: (no) => void feedback.run(() => cancelOrder(no), 'futures.canceled').then((done) => done && refresh()),
        moved: (line, price) => setPending({ line, price: toTickPrice(price) }),
      },
      () => {
        const readout = readoutRef.current;
        return readout ? readout.offsetTop + readout.offsetHeight : 0;
      },
    );
    layerRef.current = layer;
    return () => {
      layer.dispose();
      layerRef.current = null;
    };
  }, [seriesRef, overlayRef, readoutRef, seriesVersion, feedback, refresh]);

  // Only the order lines go to the layer; the position's lines are drawn by the chart itself.
  const key = JSON.stringify(chartLines(null, orders));
  useEffect(() => {
    layerRef.current?.setLines(JSON.parse(key) as ChartLine[]);
  }, [key, seriesVersion, t]);

  const close = useCallback(() => {
    if (pending) layerRef.current?.restore(pending.line.no!);
    setPending(null);
  }, [pending]);

  const amend = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const done = await feedback.run(() => amendOrderPrice(pending.line.no!, pending.price), null);
      if (done) {
        toast(t('futures.chart.amended'), 'success');
        setPending(null);
        refresh();
      } else close();
    } finally {
      setBusy(false);
    }
  };

  const confirm = pending ? (
    <Modal
      title={t('futures.chart.amendTitle')}
      onClose={close}
      footer={<ConfirmButton busy={busy} onConfirm={() => void amend()} testId="chart-amend-confirm" />}
    >
      <p data-testid="chart-amend-text">
        {t('futures.chart.amendBody', {
          no: String(pending.line.no),
          size: formatNumber(pending.line.volume ?? 0, qtyDecimals),
          unit: baseOf(symbol),
          from: formatNumber(pending.line.price, 2),
          to: formatNumber(Number(pending.price), 2),
        })}
      </p>
    </Modal>
  ) : null;
  return { layer: layerRef, confirm };
}
