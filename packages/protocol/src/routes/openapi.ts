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

/** Every catalogued error the route can answer: its own and those of its kind (auth, input, limits). */
export function routeErrors(route: RouteDefinition): ErrorName[] {
  const names = new Set<ErrorName>([...EVERY_ROUTE, ...route.errors]);
  if (route.body || route.query || route.params) WITH_INPUT.forEach((name) => names.add(name));
  if (route.auth === 'user' || route.auth === 'partner' || route.auth === 'optional')
    SIGNED_IN.forEach((name) => names.add(name));
  if (route.auth === 'operator') OPERATOR.forEach((name) => names.add(name));
  if (route.rateLimit) LIMITED.forEach((name) => names.add(name));
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
    ...(route.auth === 'none' ? { security: [] } : route.auth === 'optional' ? { security: [{}, { bearer: [] }] } : {}),
    'x-auth': route.auth,
    'x-key-permission': route.permission,
    ...(route.rateLimit ? { 'x-rate-limit': route.rateLimit } : {}),
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
        'catalogue (docs/error-codes.md), answered with HTTP 200 unless the request could not be handled.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
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
