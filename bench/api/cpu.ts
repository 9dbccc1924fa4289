// CPU time of processes from /proc (exact run times per process, unlike the tick-sampled totals of /proc/stat).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** User + system CPU milliseconds of one process (0 when it is gone). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start with the state, field 3; utime and stime are 14, 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[14 - 3]) + Number(fields[15 - 3])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Busy CPU milliseconds of the whole machine, all cores (from /proc/stat: everything but idle and iowait). */
export function machineBusyMs(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return ((total - fields[3]! - fields[4]!) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** CPU milliseconds of a set of processes now, per pid. */
export function sampleCpu(pids: Iterable<number>): Map<number, number> {
  return new Map([...pids].map((pid) => [pid, processCpuMs(pid)]));
}

/**
 * CPU used between two samples by the processes of `after` (one absent from `before` counts from 0). A process gone
 * by the second sample (an idle database connection closed by its pool) reads 0 then: what it used in between is
 * lost, so it counts nothing rather than less than nothing.
 */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += Math.max(0, ms - (before.get(pid) ?? 0));
  return sum;
}

/** The machine a run was taken on. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpu_model: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
  };
}
