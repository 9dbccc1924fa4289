// What bench:cluster reads of each process beside its CPU (#30): the kernel's share of that CPU, and the messages it
// exchanged with NATS (its /metrics bus counters).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** System (kernel) CPU milliseconds of one process: socket reads and writes, wake-ups (0 when it is gone). */
export function processSystemCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[15 - 3]) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export interface BusCounters {
  /** Messages this process handed to NATS: publications, requests and answers. */
  sent: number;
  /** Messages NATS delivered to it: subscriptions, requests to serve and answers to its requests. */
  delivered: number;
}

const NONE: BusCounters = { sent: 0, delivered: 0 };

/** The bus counters of the process serving /metrics on `port`; zero for a process without a bus (`all`). */
export async function busCounters(port: number): Promise<BusCounters> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const counter = (name: string) =>
      Number(new RegExp(`^tickline_bus_${name}_total (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    const answered = counter('requests') - counter('timeouts') - counter('no_responders');
    return {
      sent: counter('published') + counter('requests') + counter('responded'),
      delivered: counter('received') + answered,
    };
  } catch {
    return NONE;
  }
}
