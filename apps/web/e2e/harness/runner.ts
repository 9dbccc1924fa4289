// A deliberately small test runner: test(name, fn) registers, run() executes in order, counts, and prints a final
// line `N passed, N failed`. Each test gets a fresh browser context so storage never leaks between tests.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

export interface TestContext {
  baseUrl: string;
  browser: Browser;
  /** A fresh page (in its own context) at the given viewport width; closed after the test. */
  newPage(options?: { width?: number; height?: number; permissions?: string[] }): Promise<Page>;
}

type TestFn = (context: TestContext) => Promise<void>;

interface RegisteredTest {
  name: string;
  fn: TestFn;
  timeoutMs: number;
}

const tests: RegisteredTest[] = [];
const DEFAULT_TIMEOUT_MS = 60_000;

export function test(name: string, fn: TestFn, options: { timeoutMs?: number } = {}): void {
  tests.push({ name, fn, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, name: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms: ${name}`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

export async function run(options: {
  baseUrl: string;
  browser: Browser;
  failureDir: string;
  filter?: string;
}): Promise<{ passed: number; failed: number }> {
  let passed = 0;
  let failed = 0;
  const selected = options.filter ? tests.filter((entry) => entry.name.includes(options.filter!)) : tests;
  for (const entry of selected) {
    const contexts: BrowserContext[] = [];
    const pages: Page[] = [];
    const context: TestContext = {
      baseUrl: options.baseUrl,
      browser: options.browser,
      async newPage({ width = 1440, height = 900, permissions = [] } = {}) {
        const contextOptions: BrowserContextOptions = {
          baseURL: options.baseUrl,
          viewport: { width, height },
          deviceScaleFactor: 1,
          isMobile: false,
          locale: 'en-US',
          timezoneId: 'Asia/Seoul',
        };
        const browserContext = await options.browser.newContext(contextOptions);
        if (permissions.length) await browserContext.grantPermissions(permissions, { origin: options.baseUrl });
        browserContext.setDefaultTimeout(15_000);
        browserContext.setDefaultNavigationTimeout(30_000);
        contexts.push(browserContext);
        const page = await browserContext.newPage();
        pages.push(page);
        return page;
      },
    };
    const started = Date.now();
    try {
      await withTimeout(entry.fn(context), entry.timeoutMs, entry.name);
      passed += 1;
      console.log(`  ✓ ${entry.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      console.log(`  ✗ ${entry.name} (${Date.now() - started} ms)`);
      console.log(
        `      ${String(error instanceof Error ? (error.stack ?? error.message) : error)
          .split('\n')
          .join('\n      ')}`,
      );
      const lastPage = pages.at(-1);
      if (lastPage && !lastPage.isClosed()) {
        await mkdir(options.failureDir, { recursive: true });
        const file = path.join(options.failureDir, `${slug(entry.name)}.png`);
        await lastPage.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        console.log(`      url: ${lastPage.url()}  screenshot: ${file}`);
      }
    } finally {
      await Promise.all(contexts.map((browserContext) => browserContext.close().catch(() => undefined)));
    }
  }
  return { passed, failed };
}
