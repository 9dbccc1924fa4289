/**
 * `npm run demo:maker`: the demo market maker and taker as their own process, a client of the platform's /fapi. It
 * reads the base URL and keys the platform wrote at start (DEMO_MAKER_FILE, else DATA_DIR/demo-maker.json: see
 * app/demo/maker-keys.ts). Started by the platform in demo mode, it also ends when the platform does (its IPC channel
 * closes); killed, its orders are cancelled by the dead-man's switch within the countdown.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DemoMaker } from './maker.ts';

const file = process.env.DEMO_MAKER_FILE ?? path.resolve(process.env.DATA_DIR ?? './.data', 'demo-maker.json');
const credentials = JSON.parse(await readFile(file, 'utf8')) as ConstructorParameters<typeof DemoMaker>[0];
const countdownMs = Number(process.env.DEMO_MAKER_COUNTDOWN_MS ?? 10_000);
const maker = new DemoMaker({ ...credentials, countdownMs, log: (line) => console.warn(line) });
await maker.start();
console.log(`demo maker quoting on ${credentials.baseUrl}/fapi (countdownCancelAll ${countdownMs} ms)`);

const end = () => {
  maker.stop();
  process.exit(0);
};
process.on('SIGTERM', end);
process.on('SIGINT', end);
process.on('disconnect', end);
