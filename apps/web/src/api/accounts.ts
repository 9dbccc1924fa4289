import { apiData, apiRequest } from './client.ts';
import type {
  Alarm,
  Balance,
  ChangePasswordRequest,
  CheckRegisterRequest,
  FeedbackRequest,
  FindIdRequest,
  LoginData,
  LoginRequest,
  RegisterRequest,
  UploadData,
  UserInfo,
} from './types.ts';

// Seed 000 §7: the accounts calls, with the seeds' paths and field names.

export const login = (body: LoginRequest) => apiRequest<LoginData>('POST', '/auth/login', { body, auth: false });

export const register = (body: RegisterRequest) => apiRequest<unknown>('POST', '/auth/register', { body, auth: false });

/** Ours (#18): what /auth/register would refuse before the photo; a referral code alone checks only the code. */
export const checkRegister = (body: CheckRegisterRequest) =>
  apiRequest<null>('POST', '/auth/checkRegister', { body, auth: false });

/** Multipart field `uploadFile`, no auth needed. */
export function uploadImage(file: File) {
  const formData = new FormData();
  formData.append('uploadFile', file);
  return apiRequest<UploadData>('POST', '/upload/images', { formData, auth: false });
}

export const updateKyc = (verificationImage: string) =>
  apiRequest<unknown>('POST', '/auth/updateKyc', { body: { verificationImage } });

export const findId = (body: FindIdRequest) => apiRequest<string>('POST', '/auth/findid', { body, auth: false });

export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest<unknown>('POST', '/auth/changePassword', { body, auth: false });

/**
 * Revokes the session on the server. The refresh token goes along so an expired access token still ends the
 * session; a session that is already invalid needs no refresh to be ended.
 */
export const logout = (refreshToken: string | null) =>
  apiRequest<unknown>('POST', '/auth/logout', { body: refreshToken ? { refreshToken } : {}, refresh: false });

export const fetchUserInfo = () => apiData<UserInfo>('GET', '/user/info');
export const fetchBalance = () => apiData<Balance>('GET', '/user/balance');
export const fetchAlarms = () => apiData<Alarm[]>('GET', '/alarm/lookup');

/** Sent with the token when there is one, so the server can keep it with the user. */
export const sendFeedback = (body: FeedbackRequest) => apiRequest<unknown>('POST', '/feedback', { body });
