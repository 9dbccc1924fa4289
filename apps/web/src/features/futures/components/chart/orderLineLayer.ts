// Order and trigger lines with a DOM label (side, size, price, ×) over the chart, outside React: the labels follow the
// price scale once per frame, and a drag moves the line without a render until it is dropped. A line whose price is
// off the visible scale (an order's, or the position's entry, liquidation, TP, SL) keeps a label pinned to the top or
// bottom edge with its price; clicking a position line's edge label widens the scale to show it.
import { LineStyle, type IChartApi, type IPriceLine, type ISeriesApi } from 'lightweight-charts';
import type { ChartLine } from '../../calc/chartLines.ts';
import { placeLabels } from './edgePlacement.ts';
import styles from './chart.module.css';

export interface LineLabels {
  /** "Buy 0.0100 @ 64,000.00"-like text for a line at a price. */
  text(line: ChartLine, price: number): string;
  cancel(line: ChartLine): string;
  colour(line: ChartLine): string;
  /** "Take Profit 70,000.00": a position line's edge label. */
  edge(line: ChartLine): string;
}

export interface LineActions {
  cancel(no: number): void;
  /** A limit line was dropped at a new price: the caller confirms, then amends or calls restore(). */
  moved(line: ChartLine, price: number): void;
}

interface Drawn {
  line: ChartLine;
  priceLine: IPriceLine;
  chip: HTMLElement;
  text: HTMLElement;
  price: number;
}

/** A position line (drawn by the chart itself) and its edge label, shown only while the price is off the scale. */
interface Mark {
  line: ChartLine;
  label: HTMLElement;
}

export class OrderLineLayer {
  private drawn: Drawn[] = [];
  private marks: Mark[] = [];
  private frame = 0;
  private dragging: { entry: Drawn; pointerId: number } | null = null;
  /** Lines that arrived during a drag, applied when it ends so the dragged line is not torn away. */
  private pending: readonly ChartLine[] | null = null;
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly chart: IChartApi,
    private readonly series: ISeriesApi<'Candlestick'>,
    private readonly overlay: HTMLElement,
    private readonly labels: LineLabels,
    private readonly actions: LineActions,
    /** Px at the top of the pane the edge labels leave free (the crosshair readout, two lines on a phone). */
    private readonly topInset: () => number = () => 0,
  ) {
    const schedule = () => this.schedule();
    chart.timeScale().subscribeVisibleLogicalRangeChange(schedule);
    this.stops.push(() => chart.timeScale().unsubscribeVisibleLogicalRangeChange(schedule));
    // The price scale also moves when the user drags or wheels the axis: follow on the chart's own input.
    const host = chart.chartElement();
    for (const type of ['wheel', 'pointermove', 'pointerup'] as const) {
      host.addEventListener(type, schedule, { passive: true });
      this.stops.push(() => host.removeEventListener(type, schedule));
    }
    const resize = new ResizeObserver(schedule);
    resize.observe(overlay);
    this.stops.push(() => resize.disconnect());
  }

  /** Redraws every line (the set changed); deferred while a line is being dragged. */
  setLines(lines: readonly ChartLine[]): void {
    if (this.dragging) {
      this.pending = lines;
      return;
    }
    this.clear();
    for (const line of lines) if (line.no !== undefined) this.drawn.push(this.draw(line));
    this.schedule();
  }

  /** The position's lines (entry, liquidation, TP, SL): edge labels for those whose price is off the scale. */
  setPositionLines(lines: readonly ChartLine[]): void {
    this.marks.forEach((mark) => mark.label.remove());
    this.marks = lines.map((line) => {
      const label = document.createElement('button');
      label.type = 'button';
      label.className = styles.edgeMark!;
      label.dataset.testid = 'chart-edge-mark';
      label.dataset.kind = line.kind;
      label.style.color = label.style.borderColor = this.labels.colour(line);
      label.textContent = this.labels.edge(line);
      label.addEventListener('click', () => this.reveal(line.price));
      this.overlay.append(label);
      return { line, label };
    });
    this.schedule();
  }

  /** Puts a dropped line back at its order's price (the amend was declined or refused). */
  restore(no: number): void {
    const entry = this.drawn.find((d) => d.line.no === no);
    if (!entry) return;
    this.moveTo(entry, entry.line.price);
    if (this.pending) this.setLines(this.pending);
  }

  /** The price scale may have moved (a new candle, autoscale): reposition the labels on the next frame. */
  schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.position();
    });
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.clear();
    this.setPositionLines([]);
    this.stops.forEach((stop) => stop());
  }

  /** Widens the visible price range to take in `price` (autoscale is off until a double-click on the price axis). */
  private reveal(price: number): void {
    const scale = this.series.priceScale();
    const range = scale.getVisibleRange();
    if (!range) return;
    const from = Math.min(range.from, price);
    const to = Math.max(range.to, price);
    const margin = (to - from) * 0.05;
    scale.setVisibleRange({
      from: from - (price <= range.from ? margin : 0),
      to: to + (price >= range.to ? margin : 0),
    });
    this.schedule();
  }

  private clear(): void {
    for (const entry of this.drawn) {
      this.series.removePriceLine(entry.priceLine);
      entry.chip.remove();
    }
    this.drawn = [];
  }

  private draw(line: ChartLine): Drawn {
    const colour = this.labels.colour(line);
    const priceLine = this.series.createPriceLine({
      price: line.price,
      color: colour,
      lineWidth: 1,
      lineStyle: line.kind === 'trigger' ? LineStyle.SparseDotted : LineStyle.Dashed,
      axisLabelVisible: true,
      title: '',
    });
    const chip = document.createElement('div');
    chip.className = styles.chip!;
    chip.dataset.testid = 'chart-order-line';
    chip.dataset.no = String(line.no);
    chip.dataset.kind = line.kind;
    chip.dataset.draggable = String(line.draggable === true);
    chip.style.borderColor = colour;
    const text = document.createElement('span');
    text.className = styles.chipText!;
    text.style.color = colour;
    text.textContent = this.labels.text(line, line.price);
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = styles.chipCancel!;
    cancel.textContent = '×';
    cancel.setAttribute('aria-label', this.labels.cancel(line));
    cancel.dataset.testid = 'chart-order-cancel';
    cancel.addEventListener('click', () => this.actions.cancel(line.no!));
    chip.append(text, cancel);
    this.overlay.append(chip);
    const entry: Drawn = { line, priceLine, chip, text, price: line.price };
    if (line.draggable) this.makeDraggable(entry);
    return entry;
  }

  private makeDraggable(entry: Drawn): void {
    const handle = entry.text;
    handle.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      event.preventDefault();
      handle.setPointerCapture(event.pointerId);
      this.dragging = { entry, pointerId: event.pointerId };
      entry.chip.dataset.dragging = 'true';
    });
    handle.addEventListener('pointermove', (event) => {
      if (this.dragging?.pointerId !== event.pointerId) return;
      const y = event.clientY - this.overlay.getBoundingClientRect().top;
      const price = this.series.coordinateToPrice(y);
      if (price !== null && price > 0) this.moveTo(entry, price);
    });
    const drop = (event: PointerEvent) => {
      if (this.dragging?.pointerId !== event.pointerId) return;
      this.dragging = null;
      delete entry.chip.dataset.dragging;
      if (Math.abs(entry.price - entry.line.price) >= 0.005) this.actions.moved(entry.line, entry.price);
      else this.restore(entry.line.no!);
    };
    handle.addEventListener('pointerup', drop);
    handle.addEventListener('pointercancel', drop);
  }

  private moveTo(entry: Drawn, price: number): void {
    entry.price = price;
    entry.priceLine.applyOptions({ price });
    entry.text.textContent = this.labels.text(entry.line, price);
    this.schedule();
  }

  private position(): void {
    const height = this.chart.paneSize(0).height;
    const labels = [...this.drawn.map((d) => d.chip), ...this.marks.map((m) => m.label)];
    const items = [
      ...this.drawn.map((d) => ({ y: this.series.priceToCoordinate(d.price), inScale: true })),
      ...this.marks.map((m) => ({ y: this.series.priceToCoordinate(m.line.price), inScale: false })),
    ];
    placeLabels(items, height, this.topInset()).forEach((place, index) => {
      const label = labels[index]!;
      label.style.visibility = place.visible ? 'visible' : 'hidden';
      if (place.edge) label.dataset.edge = place.edge;
      else delete label.dataset.edge;
      if (place.visible) label.style.transform = `translateY(${place.top}px)`;
    });
  }
}
