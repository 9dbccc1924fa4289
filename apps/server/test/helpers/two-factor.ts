import { expect } from 'vitest';
import type { TotpSetupAnswer } from '@tickline/protocol';
import { totpCode } from '../../src/services/auth/totp.ts';
import { post, type TestApp } from './test-app.ts';

/** Turns two-factor on for a signed-in user; answers the code of the test clock's current step. */
export async function enableTwoFactor(t: Pick<TestApp, 'app' | 'clock'>, accessToken: string) {
  const setup = await post<TotpSetupAnswer>(t.app, '/user/totp/setup', {}, accessToken);
  const secret = setup.body.data!.secret;
  const code = () => totpCode(secret, t.clock.now());
  expect((await post(t.app, '/user/totp/enable', { code: code() }, accessToken)).body.code).toBe(0);
  return { secret, code };
}
