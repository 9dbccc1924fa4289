import type {
  ApiKeySummary,
  CreateApiKeyRequest,
  CreatedApiKey,
  SecurityOverview,
  TotpEnableAnswer,
  TotpSetupAnswer,
} from '@tickline/protocol';
import { apiData, apiRequest } from '../../api/client.ts';

// The account security page's calls (#17). Actions answer the envelope: the screen shows its message either way.

export const fetchSecurity = () => apiData<SecurityOverview>('GET', '/user/security');
export const revokeSession = (sessionId: string) =>
  apiRequest<null>('POST', '/user/sessions/revoke', { body: { sessionId } });
export const changeOwnPassword = (currentPassword: string, newPassword: string) =>
  apiRequest<null>('POST', '/user/password', { body: { currentPassword, newPassword } });
export const startTotpSetup = () => apiRequest<TotpSetupAnswer>('POST', '/user/totp/setup');
export const enableTotp = (code: string) =>
  apiRequest<TotpEnableAnswer>('POST', '/user/totp/enable', { body: { code } });
export const disableTotp = (code: string) => apiRequest<null>('POST', '/user/totp/disable', { body: { code } });
export const addWhitelistAddress = (address: string, label: string, otp: string) =>
  apiRequest<null>('POST', '/user/whitelist/add', { body: { address, label, otp } });
export const removeWhitelistAddress = (id: number) =>
  apiRequest<null>('POST', '/user/whitelist/remove', { body: { id } });
export const setWhitelist = (enabled: boolean, otp: string) =>
  apiRequest<null>('POST', '/user/whitelist/toggle', { body: { enabled, otp } });

// API keys for programs (#29): their own list, not part of the overview.
export const fetchApiKeys = () => apiData<{ keys: ApiKeySummary[] }>('GET', '/user/apiKeys');
export const createApiKey = (body: CreateApiKeyRequest) => apiRequest<CreatedApiKey>('POST', '/user/apiKeys', { body });
export const deleteApiKey = (apiKey: string, otp: string) =>
  apiRequest<null>('POST', '/user/apiKeys/delete', { body: { apiKey, otp } });
