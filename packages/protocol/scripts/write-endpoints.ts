// Writes src/routes/endpoints.ts: each route's method and path, without its schemas, for the web's runtime (the web
// takes the types from the route table and must not bundle zod). A test fails when the file is out of date.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpointsSource } from '../src/routes/endpoints-source.ts';

const target = fileURLToPath(new URL('../src/routes/endpoints.ts', import.meta.url));
writeFileSync(target, endpointsSource());
console.log(`wrote ${target}`);
