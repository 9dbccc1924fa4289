// A process that logs through the server's stdout logger (build-app.ts loggerOptions) for test/logging.test.ts:
// `stay` logs one line and keeps running until killed; `exit` logs a few lines and exits at once.
import { pino } from 'pino';
import { loggerOptions } from '../../src/http/build-app.ts';
import { loadConfig } from '../../src/config.ts';

// As Fastify builds its logger from these options: the stream is pino's destination.
const options = loggerOptions(loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/tmp/unused' }));
const log = pino(options, options.stream);
if (process.argv[2] === 'stay') {
  log.info('probe line, process still running');
  setInterval(() => undefined, 60_000);
} else {
  for (let i = 0; i < 3; i++) log.info({ i }, 'probe line before exit');
  process.exit(0);
}
