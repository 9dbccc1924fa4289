import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Every src and href of the page. */
const referencesOf = (html: string) => [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1]!);

describe('GET /api/docs', () => {
  it('is the reference page, whose scripts and styles all come from this server', async () => {
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Tickline API reference</title>');
    expect(page.body).not.toMatch(/https?:\/\//);
    // Scripts only from this origin, no inline ones; data only from this origin.
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).toMatch(/default-src 'self'(;|$)/);
    expect(page.body).not.toMatch(/<script>/);

    const references = referencesOf(page.body);
    expect(references.sort()).toEqual([
      '/api/docs/start.js',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/swagger-ui.css',
    ]);
    for (const reference of references) {
      const asset = await get(reference);
      expect(asset.statusCode, reference).toBe(200);
      expect(asset.headers['content-type'], reference).toMatch(
        reference.endsWith('.css') ? /^text\/css/ : /javascript/,
      );
      expect(asset.body.length, reference).toBeGreaterThan(100);
    }
  });

  it('starts Swagger UI on /api/v1/openapi.json with the online validator off, and loads no remote style', async () => {
    const start = (await get('/api/docs/start.js')).body;
    expect(start).toContain("url: '/api/v1/openapi.json'");
    expect(start).toContain('validatorUrl: null');
    expect(start).not.toMatch(/https?:\/\//);
    const css = (await get('/api/docs/swagger-ui.css')).body;
    expect(css).not.toMatch(/@import/);
    // Every url(...) of the stylesheet is an inline data: image.
    for (const [, target] of css.matchAll(/url\(\s*["']?([^"')]*)/g)) expect(target).toMatch(/^data:/);
    expect((await get('/api/v1/openapi.json')).statusCode).toBe(200);
  });

  it('sends the bundle compressed when the browser accepts gzip', async () => {
    const plain = await get('/api/docs/swagger-ui-bundle.js');
    const zipped = t.app.inject({
      method: 'GET',
      url: '/api/docs/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const response = await zipped;
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(response.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('answers the catalogue 404 for an asset it does not serve', async () => {
    const missing = await get('/api/docs/index.html');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 1005 });
  });
});
