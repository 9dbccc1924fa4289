#!/usr/bin/env node
/* global process */
// `npx tickline-verify rounds <url>` / `npx tickline-verify reserves <url> --token T`: runs the TypeScript sources
// through tsx (the workspace's loader); the exit code says whether the proofs held.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
