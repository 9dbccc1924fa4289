import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from './helpers/test-app.ts';

let dist: string;
let built: TestApp;
let unbuilt: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'tickline-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root">spa</div>');
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  built = await createTestApp({ webDistDir: dist });
  unbuilt = await createTestApp({ webDistDir: path.join(dist, 'missing') });
});
afterAll(async () => {
  await built.close();
  await unbuilt.close();
  await rm(dist, { recursive: true, force: true });
});

describe('web client serving', () => {
  it('serves index.html at / and for client-side routes (history fallback)', async () => {
    for (const url of ['/', '/futures', '/register/ABCD2345', '/affiliates/members?x=1']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('spa');
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('never falls back for /api or /ws paths, nor for other methods', async () => {
    const api = await built.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(envelope(api).code).toBe(1005);
    const ws = await built.app.inject({ method: 'GET', url: '/ws/anything' });
    expect(ws.statusCode).toBe(404);
    const post = await built.app.inject({ method: 'POST', url: '/futures', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('without a build, answers a page that says how to build it', async () => {
    const response = await unbuilt.app.inject({ method: 'GET', url: '/options' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build:web');
    expect((await unbuilt.app.inject({ method: 'GET', url: '/api/v1/server/serverTime' })).statusCode).toBe(200);
  });
});
