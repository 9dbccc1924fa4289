// Prometheus text exposition (format 0.0.4) for one process: each role registers the figures it owns, read when
// scraped. No client library: a handful of gauges and counters read from the objects that already count them.

export type MetricType = 'gauge' | 'counter';

interface Metric {
  name: string;
  help: string;
  type: MetricType;
  /** Values by label set ('' for none); a throw or NaN leaves the metric out of that scrape. */
  read(): number | Array<{ labels: Record<string, string>; value: number }> | Promise<number>;
}

const NAME = /^[a-z_][a-z0-9_]*$/;

export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric>();

  register(metric: Metric): void {
    if (!NAME.test(metric.name)) throw new Error(`bad metric name ${metric.name}`);
    if (this.metrics.has(metric.name)) throw new Error(`metric ${metric.name} registered twice`);
    this.metrics.set(metric.name, metric);
  }

  gauge(name: string, help: string, read: Metric['read']): void {
    this.register({ name, help, type: 'gauge', read });
  }

  counter(name: string, help: string, read: Metric['read']): void {
    this.register({ name, help, type: 'counter', read });
  }

  names(): string[] {
    return [...this.metrics.keys()];
  }

  /** The scrape's text. */
  async render(): Promise<string> {
    const lines: string[] = [];
    for (const metric of this.metrics.values()) {
      let value: Awaited<ReturnType<Metric['read']>>;
      try {
        value = await metric.read();
      } catch {
        continue;
      }
      const samples = typeof value === 'number' ? [{ labels: {}, value }] : value;
      const finite = samples.filter((sample) => Number.isFinite(sample.value));
      if (finite.length === 0) continue;
      lines.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`);
      for (const sample of finite) lines.push(`${metric.name}${labelText(sample.labels)} ${sample.value}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

function labelText(labels: Record<string, string>): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  return `{${entries.map(([key, value]) => `${key}="${escape(value)}"`).join(',')}}`;
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
