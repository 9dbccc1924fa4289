/**
 * Screen bench (see README.md): the built client fed by a local stand-in feed in headless Chromium at 1440×900.
 * /futures: logged in with a position, open orders and waiting triggers (chart lines), the book's depth chart view on
 * when the build has one, 2,000 depth updates/s and 100 trades/s for 30 s. /options: one index tick per 100 ms for 60 s (and the
 * book beside it at 10 updates/s). Reports long tasks (PerformanceObserver 'longtask'), frame times
 * (requestAnimationFrame deltas), the messages the page received, and the JavaScript the screen loads (gzip). Fails
 * when a target is missed. Writes bench/results/web-latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BENCH_SESSION } from './account.ts';
import { startFeed, type FeedRates } from './feed.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = path.join(root, 'apps/web/dist');
const TARGETS = { longestTaskMs: 50, medianFrameMs: 20, screenJsGzipKb: 250 };

interface Screen {
  name: 'futures' | 'options';
  durationMs: number;
  rates: FeedRates;
  /** Waits until the screen shows live data. */
  ready(page: Page): Promise<void>;
  /** Puts the screen in the state to measure; returns what it switched on. */
  prepare?(page: Page): Promise<Record<string, boolean>>;
}

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SCREENS: Screen[] = [
  {
    name: 'futures',
    durationMs: env('BENCH_WEB_DURATION_MS', 30_000),
    rates: {
      depthPerSecond: env('BENCH_WEB_DEPTH_RATE', 2_000),
      tradesPerSecond: env('BENCH_WEB_TRADE_RATE', 100),
      tickerEveryMs: 1_000,
      loggedIn: process.env.BENCH_WEB_LOGGED_OUT !== '1',
    },
    async ready(page) {
      await page.getByTestId('ask-row').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('recent-trades').locator('span').first().waitFor();
      await page.locator('[data-testid="futures-screen"][data-account-loaded="true"]').waitFor();
      if (process.env.BENCH_WEB_LOGGED_OUT !== '1') await page.getByTestId('position-row').first().waitFor();
    },
    async prepare(page) {
      // The depth chart view of the book (#33) where the build has it; older builds measure the ladder only.
      const depthToggle = page.getByTestId('book-view-depth');
      const depthView = (await depthToggle.count()) > 0;
      if (depthView) await depthToggle.first().click();
      return { depth_view: depthView };
    },
  },
  {
    name: 'options',
    durationMs: env('BENCH_WEB_OPTIONS_DURATION_MS', 60_000),
    rates: { depthPerSecond: 10, tradesPerSecond: 0, tickerEveryMs: 100 },
    async ready(page) {
      await page.getByTestId('ask-row').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('option-index').getByText(/\d/).waitFor();
    },
  },
];
const chosen = (process.env.BENCH_WEB_SCREENS ?? 'futures,options').split(',');

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

/** One screen's window: long tasks, frames, the main thread's CPU from a trace, and the JavaScript it loaded. */
async function measure(browser: Browser, screen: Screen) {
  const feed = await startFeed(distDir, screen.rates);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
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
    if (screen.rates.loggedIn)
      await page.addInitScript(`(() => {
        const session = ${JSON.stringify(BENCH_SESSION)};
        for (const key of Object.keys(session)) localStorage.setItem(key, session[key]);
      })()`);
    await page.addInitScript(`(() => {
      const stats = { longTasks: [], frames: [], recording: false };
      window.__bench = stats;
      new PerformanceObserver((list) => {
        if (stats.recording) for (const entry of list.getEntries()) stats.longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: false });
    })()`);
    await page.goto(`${feed.url}/${screen.name}`);
    await screen.ready(page);
    const switchedOn = (await screen.prepare?.(page)) ?? {};
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
    await page.waitForTimeout(screen.durationMs);
    const stats = await page.evaluate<PageStats>(`(() => {
      const bench = window.__bench;
      bench.recording = false;
      return { longTasks: bench.longTasks, frames: bench.frames };
    })()`);
    const perSecond = (count: number) => Math.round((count / screen.durationMs) * 1000);
    const cpu = mainThreadTasks((await browser.stopTracing()).toString());
    const jsGzip = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    return {
      screen: screen.name,
      date: new Date().toISOString(),
      duration_ms: screen.durationMs,
      logged_in: screen.rates.loggedIn === true,
      ...switchedOn,
      depth_messages_per_s: perSecond(feed.sent.depth - sentBefore.depth),
      trade_messages_per_s: perSecond(feed.sent.trade - sentBefore.trade),
      ticker_messages_per_s: perSecond(feed.sent.ticker - sentBefore.ticker),
      frames: stats.frames.length,
      median_frame_ms: Number(median(stats.frames).toFixed(2)),
      p99_frame_ms: Number(percentile(stats.frames, 0.99).toFixed(2)),
      long_tasks: stats.longTasks.length,
      longest_task_ms: stats.longTasks.length ? Math.max(...stats.longTasks) : 0,
      tasks_over_50ms_wall: cpu.overWall,
      tasks_over_50ms_cpu: cpu.overCpu,
      longest_task_cpu_ms: cpu.longestCpuMs,
      main_thread_cpu_share: cpu.cpuShare,
      book_rows: await page.getByTestId('ask-row').count(),
      js_files: scripts.size,
      js_gzip_kb: Number((jsGzip / 1024).toFixed(1)),
    };
  } finally {
    await page.close();
    await feed.close();
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const results = [];
  const failures: string[] = [];
  for (const screen of SCREENS.filter((candidate) => chosen.includes(candidate.name))) {
    const result = await measure(browser, screen);
    console.log(JSON.stringify(result, null, 2));
    results.push(result);
    const missed = [
      result.longest_task_ms > TARGETS.longestTaskMs &&
        `a long task of ${result.longest_task_ms} ms (> ${TARGETS.longestTaskMs})`,
      !(result.median_frame_ms < TARGETS.medianFrameMs) &&
        `median frame ${result.median_frame_ms} ms (≥ ${TARGETS.medianFrameMs})`,
      result.js_gzip_kb >= TARGETS.screenJsGzipKb &&
        `JS for /${screen.name} ${result.js_gzip_kb} KB gzip (≥ ${TARGETS.screenJsGzipKb})`,
    ].filter((failure): failure is string => typeof failure === 'string');
    failures.push(...missed.map((failure) => `/${screen.name}: ${failure}`));
  }
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/web-latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  if (failures.length) {
    console.error(`bench:web missed: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else console.log('bench:web: every target met');
} finally {
  await browser.close();
}
