// The security headers computed once (#30) are exactly those helmet's middleware sets on a real answer with the same
// options, and every kind of answer of the app carries them: a route, a refusal, a 404, an upload's error, the web.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderOptions, securityHeadersOf } from '../../src/http/response-headers.ts';
import { createTestApp, envelope, type TestApp } from '../helpers/test-app.ts';

/** The headers helmet's own middleware sets on a real http.ServerResponse (lower-cased names). */
async function helmetOnARealAnswer(mode: 'demo' | 'production'): Promise<Record<string, string>> {
  const middleware = helmet(securityHeaderOptions(mode));
  const server = http.createServer((request, response) => {
    middleware(request, response, () => {
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
        headers[name] = value;
    });
    return headers;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function lowerCased(headers: ReadonlyArray<readonly [string, string]>): Record<string, string> {
  return Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value]));
}

describe('security headers computed once', () => {
  it.each(['demo', 'production'] as const)('are what helmet sets on an answer (%s)', async (mode) => {
    const expected = await helmetOnARealAnswer(mode);
    expect(lowerCased(securityHeadersOf(securityHeaderOptions(mode)))).toEqual(expected);
    expect(Object.keys(expected)).toContain('content-security-policy');
    if (mode === 'production') {
      expect(expected['strict-transport-security']).toBeDefined();
      expect(expected['content-security-policy']).toContain('upgrade-insecure-requests');
    } else {
      expect(expected['strict-transport-security']).toBeUndefined();
    }
  });

  it('refuses options helmet refuses, when the app is built rather than per request', () => {
    expect(() =>
      securityHeadersOf({ contentSecurityPolicy: { useDefaults: false, directives: { scriptSrc: ['self'] } } }),
    ).toThrow();
  });
});

describe('every answer of the app carries them', () => {
  let t: TestApp;
  let expected: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    expected = lowerCased(securityHeadersOf(securityHeaderOptions(t.config.mode)));
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['a route', 'GET', '/api/v1/server/serverTime', 200, 0],
    ['a refusal', 'GET', '/api/v1/user/info', 200, 40000],
    ['an unknown path', 'GET', '/api/v1/nothing/here', 404, 1005],
    ['the web client', 'GET', '/', 200, null],
  ] as const)('%s', async (_what, method, url, status, code) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(status);
    if (code !== null) expect(envelope(response).code).toBe(code);
    for (const [name, value] of Object.entries(expected)) expect(response.headers[name]).toBe(value);
  });
});
