import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, loginAs, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('npm run operator:create', () => {
  it('creates an operator from the command line who can open the operator API, audited, and refuses a short password', async () => {
    const env = {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.config.dataDir,
      OPERATOR_PASSWORD: 'Night-desk-2026',
    };
    const { stdout } = await run('npm', ['run', '--silent', 'operator:create', '--', '--email', 'Desk@Example.com'], {
      cwd: root,
      env,
    });
    expect(stdout).toContain('Operator Desk@Example.com created');
    const session = await loginAs(t.app, 'desk@example.com', 'Night-desk-2026');
    expect((await get(t.app, '/admin/ledger-health', session.accessToken)).body.code).toBe(0);
    const audit = await t.pool.query("SELECT operator_id, action FROM operator_audit WHERE action = 'operator.create'");
    expect(audit.rows).toEqual([{ operator_id: null, action: 'operator.create' }]);

    await expect(
      run('npm', ['run', '--silent', 'operator:create', '--', '--email', 'short@example.com'], {
        cwd: root,
        env: { ...env, OPERATOR_PASSWORD: 'short' },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('operator:create failed') });
    expect((await t.pool.query("SELECT 1 FROM users WHERE userid = 'short@example.com'")).rowCount).toBe(0);
  });
});
