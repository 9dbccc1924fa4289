import type { CreateApiKeyRequest } from '@tickline/protocol';
import { call, callData } from '../../api/client.ts';

// The account security page's calls (#17). Actions answer the envelope: the screen shows its message either way.

export const fetchSecurity = () => callData('securityOverview');
export const revokeSession = (sessionId: string) => call('revokeSession', { body: { sessionId } });
export const changeOwnPassword = (currentPassword: string, newPassword: string) =>
  call('changeOwnPassword', { body: { currentPassword, newPassword } });
export const startTotpSetup = () => call('startTotpSetup');
export const enableTotp = (code: string) => call('enableTotp', { body: { code } });
export const disableTotp = (code: string) => call('disableTotp', { body: { code } });
export const addWhitelistAddress = (address: string, label: string, otp: string) =>
  call('addWhitelistAddress', { body: { address, label, otp } });
export const removeWhitelistAddress = (id: number) => call('removeWhitelistAddress', { body: { id } });
export const setWhitelist = (enabled: boolean, otp: string) => call('toggleWhitelist', { body: { enabled, otp } });

// API keys for programs (#29): their own list, not part of the overview.
export const fetchApiKeys = () => callData('apiKeys');
export const createApiKey = (body: CreateApiKeyRequest) => call('createApiKey', { body });
export const deleteApiKey = (apiKey: string, otp: string) => call('deleteApiKey', { body: { apiKey, otp } });
