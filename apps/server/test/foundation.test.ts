import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, get, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('server foundation', () => {
  it('answers the server time in ms without a token', async () => {
    const answer = await get<{ timestamp: number }>(t.app, '/server/serverTime');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 0, message: 'Success', data: { timestamp: t.clock.now() } });
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(envelope(response)).toMatchObject({ code: 1005, data: null });
    const post = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(envelope(post).code).toBe(1005);
  });

  it('answers malformed JSON with 400 and the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userid": "a@b.co", ',
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toEqual({ code: 1002, message: 'The request body could not be read.', data: null });
  });

  it('refuses prototype pollution in JSON bodies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).code).toBe(1002);
  });

  it('answers a body over the limit with 413 and the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x', body: 'y'.repeat(100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(envelope(response)).toMatchObject({ code: 1003, data: null });
  });

  it('answers a JSON body that is not an object with a validation failure', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/findid',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code: 1001, message: 'The request body must be a JSON object.' });
  });

  it('sends security headers with a CSP that allows the SPA', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/server/serverTime' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain('connect-src');
    expect(csp).toContain('ws:');
    expect(csp).toContain("img-src 'self' data:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });
});
