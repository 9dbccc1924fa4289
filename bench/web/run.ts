/**
 * Screen bench of /futures (see README.md): the built client fed by a local stand-in feed at 2,000 depth updates/s
 * and 100 trades/s for 30 s in headless Chromium at 1440×900. Reports long tasks (PerformanceObserver 'longtask'),
 * frame times (requestAnimationFrame deltas), the messages the page received, and the JavaScript /futures loads
 * (gzip). Fails when a target is missed. Writes bench/results/web-latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startFeed } from './feed.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = path.join(root, 'apps/web/dist');
const DURATION_MS = Number(process.env.BENCH_WEB_DURATION_MS ?? 30_000);
const DEPTH_PER_SECOND = Number(process.env.BENCH_WEB_DEPTH_RATE ?? 2_000);
const TRADES_PER_SECOND = Number(process.env.BENCH_WEB_TRADE_RATE ?? 100);
const TARGETS = { longestTaskMs: 50, medianFrameMs: 20, futuresJsGzipKb: 250 };

interface PageStats {
  longTasks: number[];
  frames: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** Main-thread tasks of a Chromium trace: how many ran over 50 ms by wall and by CPU time, the longest CPU time. */
function mainThreadTasks(traceText: string) {
  const events = (JSON.parse(traceText) as { traceEvents: TraceEvent[] }).traceEvents;
  const calls = new Map<number, number>();
  for (const e of events) if (e.name === 'FunctionCall') calls.set(e.tid, (calls.get(e.tid) ?? 0) + 1);
  const main = [...calls.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = events.filter((e) => e.tid === main && e.name === 'RunTask' && e.ph === 'X');
  const first = Math.min(...tasks.map((t) => t.ts));
  const last = Math.max(...tasks.map((t) => t.ts + (t.dur ?? 0)));
  const cpuTotal = tasks.reduce((sum, t) => sum + (t.tdur ?? 0), 0);
  return {
    overWall: tasks.filter((t) => (t.dur ?? 0) > 50_000).length,
    overCpu: tasks.filter((t) => (t.tdur ?? 0) > 50_000).length,
    longestCpuMs: Number((Math.max(0, ...tasks.map((t) => t.tdur ?? 0)) / 1000).toFixed(1)),
    cpuShare: Number((cpuTotal / Math.max(1, last - first)).toFixed(3)),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};

const feed = await startFeed(distDir, { depthPerSecond: DEPTH_PER_SECOND, tradesPerSecond: TRADES_PER_SECOND });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const scripts = new Map<string, number>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response.body().then(
      (body) => scripts.set(response.url(), gzipSync(body, { level: 9 }).length),
      () => undefined,
    );
  });
  // Page code is passed as text: it runs in the browser, and tsx would wrap named functions in a helper the page
  // does not have.
  await page.addInitScript(`(() => {
    const stats = { longTasks: [], frames: [], recording: false };
    window.__bench = stats;
    new PerformanceObserver((list) => {
      if (stats.recording) for (const entry of list.getEntries()) stats.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  })()`);
  await page.goto(`${feed.url}/futures`);
  await page.getByTestId('ask-row').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('recent-trades').locator('span').first().waitFor();
  await page.waitForTimeout(2_000); // warm-up: chart history drawn, first ticker in
  const sentBefore = { ...feed.sent };
  // A trace of the window gives each main-thread task's CPU time (thread time) beside its wall time: on a shared
  // host a task can last long in wall time only because the OS ran other processes meanwhile.
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.evaluate(`(() => {
    const stats = window.__bench;
    stats.recording = true;
    let previous = 0;
    function frame(now) {
      if (!stats.recording) return;
      if (previous) stats.frames.push(now - previous);
      previous = now;
      requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  })()`);
  await page.waitForTimeout(DURATION_MS);
  const stats = await page.evaluate<PageStats>(`(() => {
    const bench = window.__bench;
    bench.recording = false;
    return { longTasks: bench.longTasks, frames: bench.frames };
  })()`);
  const depthSent = feed.sent.depth - sentBefore.depth;
  const tradesSent = feed.sent.trade - sentBefore.trade;
  const cpu = mainThreadTasks((await browser.stopTracing()).toString());
  const bookStillLive = await page.getByTestId('ask-row').count();

  const futuresJsGzip = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  const result = {
    date: new Date().toISOString(),
    duration_ms: DURATION_MS,
    depth_messages_per_s: Math.round((depthSent / DURATION_MS) * 1000),
    trade_messages_per_s: Math.round((tradesSent / DURATION_MS) * 1000),
    frames: stats.frames.length,
    median_frame_ms: Number(median(stats.frames).toFixed(2)),
    p99_frame_ms: Number(percentile(stats.frames, 0.99).toFixed(2)),
    long_tasks: stats.longTasks.length,
    longest_task_ms: stats.longTasks.length ? Math.max(...stats.longTasks) : 0,
    tasks_over_50ms_wall: cpu.overWall,
    tasks_over_50ms_cpu: cpu.overCpu,
    longest_task_cpu_ms: cpu.longestCpuMs,
    main_thread_cpu_share: cpu.cpuShare,
    book_rows: bookStillLive,
    futures_js_files: scripts.size,
    futures_js_gzip_kb: Number((futuresJsGzip / 1024).toFixed(1)),
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/web-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  const failures = [
    result.longest_task_ms > TARGETS.longestTaskMs &&
      `a long task of ${result.longest_task_ms} ms (> ${TARGETS.longestTaskMs})`,
    !(result.median_frame_ms < TARGETS.medianFrameMs) &&
      `median frame ${result.median_frame_ms} ms (≥ ${TARGETS.medianFrameMs})`,
    result.futures_js_gzip_kb >= TARGETS.futuresJsGzipKb &&
      `JS for /futures ${result.futures_js_gzip_kb} KB gzip (≥ ${TARGETS.futuresJsGzipKb})`,
  ].filter(Boolean);
  if (failures.length) {
    console.error(`bench:web missed: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else console.log('bench:web: every target met');
} finally {
  await browser.close();
  await feed.close();
}
