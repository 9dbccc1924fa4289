/**
 * Demo mode in the one process: the demo market maker runs as a child process, an ordinary client of /fapi
 * (demo-maker/main.ts), started once its keys are written and restarted if it dies; stopped with the platform. The
 * IPC channel lets it end itself when the platform is killed outright.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RESTART_AFTER_MS = 2_000;

export function startDemoMakerProcess(credentialsFile: string): () => Promise<void> {
  // Beside this file's source or its build (same layout), run with this process's own loader flags.
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const entry = fileURLToPath(new URL(`../demo-maker/main${extension}`, import.meta.url));
  let child: ChildProcess | null = null;
  let stopping = false;
  let restart: NodeJS.Timeout | null = null;
  const run = () => {
    child = spawn(process.execPath, [...process.execArgv, entry], {
      env: { ...process.env, DEMO_MAKER_FILE: credentialsFile },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      console.warn(`the demo maker process ended (${signal ?? code}); starting it again`);
      restart = setTimeout(run, RESTART_AFTER_MS);
    });
  };
  run();
  return async () => {
    stopping = true;
    if (restart) clearTimeout(restart);
    const running = child;
    if (!running) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
}
