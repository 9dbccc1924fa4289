// The OpenAPI 3.1 document of /api/v1, made from the route table: request and answer schemas (zod's JSON Schema),
// the {code, message, data} envelope, the catalogue's errors and each route's authentication and key permission.
import { z } from 'zod';
import { Errors, type ErrorName } from '../errors/index.ts';
import type { RouteDefinition } from './define.ts';

type JsonSchema = Record<string, unknown>;

// Answered by any route of a kind, besides the errors each route lists.
const EVERY_ROUTE: ErrorName[] = ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'INTERNAL', 'SERVICE_UNAVAILABLE'];
const WITH_INPUT: ErrorName[] = ['VALIDATION_FAILED'];
const SIGNED_IN: ErrorName[] = ['SESSION_INVALID'];
const OPERATOR: ErrorName[] = ['SESSION_INVALID', 'FORBIDDEN'];
const LIMITED: ErrorName[] = ['RATE_LIMITED'];
// A signed request's refusals (#29): any route behind a session may be called with a key, and refuses it when the
// route's permission is none or beyond the key's.
const SIGNED_REFUSALS: ErrorName[] = [
  'API_SIGNATURE_HEADERS_MISSING',
  'API_KEY_UNKNOWN',
  'API_SIGNATURE_INVALID',
  'API_TIMESTAMP_OUTSIDE_WINDOW',
  'API_KEY_ADDRESS_DENIED',
  'API_KEY_PERMISSION_DENIED',
];

/** Every catalogued error the route can answer: its own and those of its kind (auth, input, limits). */
export function routeErrors(route: RouteDefinition): ErrorName[] {
  const names = new Set<ErrorName>([...EVERY_ROUTE, ...route.errors]);
  if (route.body || route.query || route.params) WITH_INPUT.forEach((name) => names.add(name));
  if (route.auth === 'user' || route.auth === 'partner' || route.auth === 'optional')
    SIGNED_IN.forEach((name) => names.add(name));
  if (route.auth === 'operator') OPERATOR.forEach((name) => names.add(name));
  if (route.auth !== 'none') SIGNED_REFUSALS.forEach((name) => names.add(name));
  if (route.rateLimit || route.permission !== 'none') LIMITED.forEach((name) => names.add(name));
  return [...names];
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

function envelope(data: JsonSchema, message: string): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: { code: { const: 0 }, message: { type: 'string', examples: [message] }, data },
  };
}

function queryParameters(route: RouteDefinition, where: 'query' | 'path'): JsonSchema[] {
  const schema = where === 'query' ? route.query : route.params;
  if (!schema) return [];
  const properties = (jsonSchema(schema, 'input').properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((jsonSchema(schema, 'input').required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function requestBody(route: RouteDefinition): JsonSchema | undefined {
  if (route.upload)
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [route.upload.field],
            properties: { [route.upload.field]: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        },
      },
    };
  if (!route.body) return undefined;
  return { required: false, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
}

function operation(name: string, route: RouteDefinition): JsonSchema {
  const errors = routeErrors(route).map((errorName) => ({ name: errorName, ...Errors[errorName] }));
  const success = route.produces
    ? { description: 'The file.', content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } } }
    : {
        description: route.message ?? 'Success',
        content: {
          'application/json': { schema: envelope(jsonSchema(route.data, 'output'), route.message ?? 'Success') },
        },
      };
  const body = requestBody(route);
  return {
    operationId: name,
    summary: route.summary,
    tags: [route.path.split('/')[1] === 'admin' ? 'admin' : route.path.split('/')[1]!],
    ...security(route),
    'x-auth': route.auth,
    'x-key-permission': route.permission,
    ...(route.rateLimit ? { 'x-rate-limit': route.rateLimit } : {}),
    ...(route.permission === 'none' ? {} : { 'x-weight': route.weight ?? 1 }),
    'x-error-codes': errors.map(({ name: errorName, code }) => ({ name: errorName, code })),
    parameters: [...queryParameters(route, 'path'), ...queryParameters(route, 'query')],
    ...(body ? { requestBody: body } : {}),
    responses: {
      '200': success,
      default: {
        description:
          'A catalogued failure: ' +
          errors.map((error) => `${error.code} ${error.name} (HTTP ${error.httpStatus ?? 200})`).join(', '),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    },
  };
}

// A signed request (#29) carries all three headers; OpenAPI lists them as one requirement of three API-key schemes.
const SIGNED = { apiKey: [], apiTimestamp: [], apiSignature: [] };

/** Who may call: anyone, a session (or anyone, sending one optionally), or also a key with the route's permission. */
function security(route: RouteDefinition): JsonSchema {
  if (route.auth === 'none') return { security: [] };
  const session = route.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }];
  return route.permission === 'none' ? { security: session } : { security: [...session, SIGNED] };
}

const signedHeader = (name: string, description: string) => ({ type: 'apiKey', in: 'header', name, description });

/** `/admin/kyc/image/:userNo` → `/admin/kyc/image/{userNo}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export function buildOpenApiDocument(routes: Record<string, RouteDefinition>, info: { version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, route] of Object.entries(routes)) {
    const path = openApiPath(route.path);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(name, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tickline API',
      version: info.version,
      description:
        'Every answer is the envelope {code, message, data}: code 0 is success; any other code is an error of the ' +
        'catalogue (docs/error-codes.md), answered with HTTP 200 unless the request could not be handled. Programs ' +
        'sign requests with an API key (docs/trading-api.md); x-key-permission tells what a key needs, x-weight what ' +
        'a signed call costs against its budgets.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: signedHeader('X-TL-APIKEY', 'The API key (POST /user/apiKeys).'),
        apiTimestamp: signedHeader('X-TL-TIMESTAMP', 'Milliseconds since 1970; within the receive window (5,000 ms).'),
        apiSignature: signedHeader(
          'X-TL-SIGNATURE',
          "Hex HMAC-SHA256 with the key's secret over timestamp + METHOD + path with query + raw body, unseparated.",
        ),
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['code', 'message', 'data'],
          properties: {
            code: { type: 'integer', enum: [...new Set(Object.values(Errors).map((error) => error.code))] },
            message: { type: 'string' },
            data: {},
          },
        },
      },
    },
  };
}
