import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { ROUTE_LIST, ROUTES } from '@tickline/protocol/routes';
import { endpointsSource } from '../../../../packages/protocol/src/routes/endpoints-source.ts';
import { fapiRouteList } from '../../src/fapi/plugin.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// Registered outside the table: the OpenAPI document and its reference page, coin logos, the web client.
const OUTSIDE_THE_TABLE = new Set([
  'GET /api/v1/openapi.json',
  'GET /coin-icons/:file',
  'GET /api/docs',
  'GET /api/docs/swagger-ui.css',
  'GET /api/docs/swagger-ui-bundle.js',
  'GET /api/docs/start.js',
]);

/** Every method and path the app registered, read from Fastify's route tree (a child's path follows its parent's). */
function registeredRoutes(): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? parents[depth - 1]! : '') + match[2]!;
    parents[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('the route table', () => {
  it('is what the server registers: every route of the table, and nothing else under /api/v1', () => {
    const all = registeredRoutes().filter((route) => !route.includes(' /*'));
    // The Binance-compatible adapter (#31) has its own list, with a zod schema per route (src/fapi/).
    const binance = (route: string) => / \/[fs]api\//.test(route);
    const registered = all.filter((route) => !binance(route));
    const table = ROUTE_LIST.map((route) => `${route.method} /api/v1${route.path}`);
    expect(registered.length).toBeGreaterThan(80);
    expect(registered.filter((route) => !OUTSIDE_THE_TABLE.has(route)).sort()).toEqual([...table].sort());
    const adapter = fapiRouteList().map((route) => `${route.method} ${route.path}`);
    expect(all.filter(binance).sort()).toEqual(adapter.sort());
  });

  it('names each route once, with a summary, and refuses keys on every operator, security and withdrawal route', () => {
    const keys = new Set(ROUTE_LIST.map((route) => `${route.method} ${route.path}`));
    expect(keys.size).toBe(ROUTE_LIST.length);
    for (const route of ROUTE_LIST) {
      expect(route.summary.length, route.name).toBeGreaterThan(10);
      for (const name of route.errors) expect(Errors[name], `${route.name}: ${name}`).toBeDefined();
      if (route.auth === 'operator' || route.path.startsWith('/user/whitelist') || route.path.startsWith('/user/totp'))
        expect(route.permission, route.name).toBe('none');
    }
    expect(ROUTES.registerWithdrawal.permission).toBe('none');
    expect(ROUTES.placeOrder.permission).toBe('trade');
  });

  it("keeps endpoints.ts (the web's runtime copy of methods and paths) generated from the table", () => {
    const file = readFileSync(
      new URL('../../../../packages/protocol/src/routes/endpoints.ts', import.meta.url),
      'utf8',
    );
    expect(file, 'run npm run routes:endpoints -w @tickline/protocol').toBe(endpointsSource());
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document listing every route with its auth, permission, bodies and errors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    const validator = new Validator();
    const result = await validator.validate(document as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');

    for (const route of ROUTE_LIST) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation!['x-auth']).toBe(route.auth);
      expect(operation!['x-key-permission']).toBe(route.permission);
      const codes = (operation!['x-error-codes'] as Array<{ code: number }>).map((error) => error.code);
      for (const name of route.errors) expect(codes).toContain(Errors[name].code);
      if (route.body) expect(operation!.requestBody, route.name).toBeDefined();
    }
    const placeOrder = document.paths['/order/registerOrder']!.post!;
    expect(placeOrder).toMatchObject({
      requestBody: {
        content: { 'application/json': { schema: { properties: { clientOrderId: { type: 'string' } } } } },
      },
      responses: {
        '200': {
          content: {
            'application/json': {
              schema: { required: ['code', 'message', 'data'], properties: { data: { properties: { no: {} } } } },
            },
          },
        },
      },
    });
  });

  it('covers the routes of programs: keys (sessions only), the switch, the look-up by client order id, signing', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { securitySchemes: Record<string, { name?: string }> };
    }>();
    const operation = (path: string, method: string) => document.paths[path]![method]!;
    for (const [path, method] of [
      ['/user/apiKeys', 'get'],
      ['/user/apiKeys', 'post'],
      ['/user/apiKeys/delete', 'post'],
    ] as const) {
      expect(operation(path, method)['x-key-permission'], `${method} ${path}`).toBe('none');
      expect(operation(path, method).security, `${method} ${path}`).toEqual([{ bearer: [] }]);
    }
    expect(operation('/order/cancelAllAfter', 'post')).toMatchObject({
      'x-key-permission': 'trade',
      'x-weight': 1,
      security: [{ bearer: [] }, { apiKey: [], apiTimestamp: [], apiSignature: [] }],
    });
    const lookup = operation('/order/lookup', 'get');
    expect(lookup['x-weight']).toBe(5);
    expect(lookup.parameters).toContainEqual(expect.objectContaining({ name: 'clientOrderId', in: 'query' }));
    const codes = (lookup['x-error-codes'] as Array<{ name: string }>).map((error) => error.name);
    expect(codes).toEqual(expect.arrayContaining(['CLIENT_ORDER_NOT_FOUND', 'API_SIGNATURE_INVALID']));
    for (const [path, method] of [
      ['/order/registerOrder', 'post'],
      ['/order/closePosition', 'post'],
      ['/order/updateTpsl', 'post'],
      ['/optionOrder/register', 'post'],
    ] as const)
      expect(operation(path, method), path).toMatchObject({
        requestBody: {
          content: {
            'application/json': {
              schema: { properties: { clientOrderId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,36}$' } } },
            },
          },
        },
      });
    expect(
      Object.values(document.components.securitySchemes)
        .map((scheme) => scheme.name)
        .filter(Boolean),
    ).toEqual(['X-TL-APIKEY', 'X-TL-TIMESTAMP', 'X-TL-SIGNATURE']);
  });
});
