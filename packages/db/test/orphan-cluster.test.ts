import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StartFailure, stopOrphanedCluster } from '../src/orphan-cluster.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function dataDirLockedBy(pid: number, servedDir?: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tickline-orphan-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'postmaster.pid'), `${pid}\n${servedDir ?? dir}\n`);
  return dir;
}

/** A real zombie: a child that exits under a parent (exec'd sleep) that never reaps it. Answers its pid. */
async function zombie(): Promise<{ pid: number; stop(): void }> {
  const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 20'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (data: Buffer) => resolve(Number(String(data).trim()))),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { pid, stop: () => parent.kill('SIGKILL') };
}

describe('the lock file of an earlier run', () => {
  it('is removed when its postmaster exited but was never reaped (a zombie), so PostgreSQL can start', async () => {
    const dead = await zombie();
    try {
      const dir = await dataDirLockedBy(dead.pid);
      const lines: string[] = [];
      expect(await stopOrphanedCluster(dir, (line) => lines.push(line))).toBeNull();
      expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
      expect(lines.join('\n')).toContain(`process ${dead.pid}, which exited`);
    } finally {
      dead.stop();
    }
  });

  it('is refused, with what to do, when a live process that is not PostgreSQL holds it', async () => {
    const dir = await dataDirLockedBy(process.pid);
    await expect(stopOrphanedCluster(dir, () => undefined)).rejects.toBeInstanceOf(StartFailure);
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(true);
  });
});
