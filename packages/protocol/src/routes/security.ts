// The account security page (#17): sessions, password, two-factor and the withdrawal whitelist. Keys never call
// these: a leaked key must not be able to lock its owner out or open the way to a withdrawal.
import { z } from 'zod';
import { securityOverviewSchema, totpEnableAnswerSchema, totpSetupAnswerSchema } from '../api/accounts.ts';
import { defineRoutes } from './define.ts';
import { nothing, optionalText } from './fields.ts';

const PASSWORD_INPUT_MAX_LENGTH = 1024;
const code = optionalText('code', 40);
const codeBody = z.object({ code });
const sensitive = { per: 'address', name: 'changePassword' } as const;

export const securityRoutes = defineRoutes({
  securityOverview: {
    method: 'GET',
    path: '/user/security',
    auth: 'user',
    permission: 'none',
    summary: "The caller's live sessions, recent sign-ins, two-factor state and whitelist.",
    data: securityOverviewSchema,
    errors: [],
  },
  revokeSession: {
    method: 'POST',
    path: '/user/sessions/revoke',
    auth: 'user',
    permission: 'none',
    summary: "Ends one of the caller's sessions.",
    body: z.object({ sessionId: optionalText('sessionId', 64) }),
    data: nothing,
    message: 'The session was ended.',
    errors: ['SESSION_NOT_FOUND'],
  },
  changeOwnPassword: {
    method: 'POST',
    path: '/user/password',
    auth: 'user',
    permission: 'none',
    summary: "Changes the caller's password; the other sessions end and withdrawals wait 24 h.",
    body: z.object({
      currentPassword: optionalText('currentPassword', PASSWORD_INPUT_MAX_LENGTH, { trim: false }),
      newPassword: optionalText('newPassword', PASSWORD_INPUT_MAX_LENGTH, { trim: false }),
    }),
    data: nothing,
    message: 'Your password has been changed.',
    rateLimit: sensitive,
    errors: ['CURRENT_PASSWORD_REQUIRED', 'CURRENT_PASSWORD_WRONG', 'NEW_PASSWORD_REQUIRED', 'PASSWORD_LENGTH'],
  },
  startTotpSetup: {
    method: 'POST',
    path: '/user/totp/setup',
    auth: 'user',
    permission: 'none',
    summary: 'Starts two-factor enrolment: the secret and its otpauth:// address.',
    data: totpSetupAnswerSchema,
    errors: ['TOTP_ALREADY_ENABLED'],
  },
  enableTotp: {
    method: 'POST',
    path: '/user/totp/enable',
    auth: 'user',
    permission: 'none',
    summary: 'Confirms enrolment with a code; answers ten recovery codes, shown once.',
    body: codeBody,
    data: totpEnableAnswerSchema,
    message: 'Two-factor authentication is on.',
    rateLimit: sensitive,
    errors: ['TOTP_SETUP_REQUIRED', 'TOTP_ALREADY_ENABLED', 'TOTP_INVALID'],
  },
  disableTotp: {
    method: 'POST',
    path: '/user/totp/disable',
    auth: 'user',
    permission: 'none',
    summary: 'Turns two-factor off with a code.',
    body: codeBody,
    data: nothing,
    message: 'Two-factor authentication is off.',
    rateLimit: sensitive,
    errors: ['TOTP_NOT_ENABLED', 'TOTP_INVALID'],
  },
  addWhitelistAddress: {
    method: 'POST',
    path: '/user/whitelist/add',
    auth: 'user',
    permission: 'none',
    summary: 'Adds a withdrawal address, usable 24 h later.',
    body: z.object({ address: optionalText('address', 100), label: optionalText('label', 200), otp: code }),
    data: nothing,
    message: 'The address was added. It can be used in 24 hours.',
    rateLimit: sensitive,
    errors: [
      'WHITELIST_ADDRESS_INVALID',
      'WHITELIST_ADDRESS_EXISTS',
      'WHITELIST_LABEL_TOO_LONG',
      'TOTP_REQUIRED',
      'TOTP_INVALID',
    ],
  },
  removeWhitelistAddress: {
    method: 'POST',
    path: '/user/whitelist/remove',
    auth: 'user',
    permission: 'none',
    summary: 'Removes a withdrawal address.',
    body: z.object({ id: z.number({ error: 'id must be a number' }).int() }),
    data: nothing,
    errors: ['WHITELIST_ENTRY_NOT_FOUND'],
  },
  toggleWhitelist: {
    method: 'POST',
    path: '/user/whitelist/toggle',
    auth: 'user',
    permission: 'none',
    summary: 'Turns whitelist-only withdrawals on or off.',
    body: z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }), otp: code }),
    data: nothing,
    rateLimit: sensitive,
    errors: ['TOTP_REQUIRED', 'TOTP_INVALID'],
  },
});
