// An API for programs (#29): API keys (sessions only: a key never manages keys) and the dead-man's switch.
import { z } from 'zod';
import { apiKeyListSchema, cancelAllAfterAnswerSchema, createdApiKeySchema } from '../api/programs.ts';
import { defineRoutes } from './define.ts';
import { checkedLater, nothing, optionalText } from './fields.ts';

const otp = optionalText('otp', 40);
const sensitive = { per: 'address', name: 'changePassword' } as const;

export const programRoutes = defineRoutes({
  apiKeys: {
    method: 'GET',
    path: '/user/apiKeys',
    auth: 'user',
    permission: 'none',
    summary: "The caller's API keys: label, permissions, allowed addresses, created and last used; never the secret.",
    data: apiKeyListSchema,
    errors: [],
  },
  createApiKey: {
    method: 'POST',
    path: '/user/apiKeys',
    auth: 'user',
    permission: 'none',
    summary: 'Creates an API key (read and/or trade, optionally bound to addresses); the secret is answered this once.',
    body: z.object({
      label: optionalText('label', 200),
      permissions: checkedLater("A list of 'read' and/or 'trade'."),
      ips: checkedLater('Client addresses (IPv4 or IPv6) the key may be used from, at most 20; none = any.'),
      otp,
    }),
    data: createdApiKeySchema,
    message: 'The API key was created. Copy its secret now: it will not be shown again.',
    rateLimit: sensitive,
    errors: [
      'API_KEY_LABEL_INVALID',
      'API_KEY_PERMISSIONS_INVALID',
      'API_KEY_ADDRESS_INVALID',
      'API_KEY_LIMIT_REACHED',
      'TOTP_REQUIRED',
      'TOTP_INVALID',
    ],
  },
  deleteApiKey: {
    method: 'POST',
    path: '/user/apiKeys/delete',
    auth: 'user',
    permission: 'none',
    summary: "Deletes one of the caller's API keys; requests signed with it are refused from then on.",
    body: z.object({ apiKey: optionalText('apiKey', 100), otp }),
    data: nothing,
    message: 'The API key was deleted.',
    rateLimit: sensitive,
    errors: ['API_KEY_NOT_FOUND', 'TOTP_REQUIRED', 'TOTP_INVALID'],
  },
  cancelAllAfter: {
    method: 'POST',
    path: '/order/cancelAllAfter',
    auth: 'user',
    permission: 'trade',
    summary:
      "The dead-man's switch: unless called again within timeoutMs (1,000 to 3,600,000), every open order of the " +
      'caller is cancelled; 0 disarms.',
    body: z.object({ timeoutMs: checkedLater('Milliseconds from now, or 0 to disarm.') }),
    data: cancelAllAfterAnswerSchema,
    rateLimit: { per: 'user', name: 'cancel' },
    errors: ['CANCEL_ALL_AFTER_INVALID'],
  },
});
