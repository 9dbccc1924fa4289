import { call, callData } from './client.ts';

// Seed 000 §7: the accounts calls, by their names in the route table (@tickline/protocol/routes).

export const login = (body: { userid: string; password: string; otp?: string }) => call('login', { body, auth: false });

export const register = (body: {
  userid: string;
  password: string;
  name: string;
  phone: string;
  referralCode?: string;
  verificationImage: string;
}) => call('register', { body, auth: false });

/** Ours (#18): what /auth/register would refuse before the photo; a referral code alone checks only the code. */
export const checkRegister = (body: { userid?: string; password?: string; referralCode?: string }) =>
  call('checkRegister', { body, auth: false });

/** Multipart field `uploadFile`, no auth needed. */
export function uploadImage(file: File) {
  const formData = new FormData();
  formData.append('uploadFile', file);
  return call('uploadImage', { formData, auth: false });
}

export const updateKyc = (verificationImage: string) => call('updateKyc', { body: { verificationImage } });

export const findId = (body: { email: string; phone: string }) => call('findId', { body, auth: false });

export const changePassword = (body: { userid: string; bscAddress: string; password: string }) =>
  call('changePassword', { body, auth: false });

/**
 * Revokes the session on the server. The refresh token goes along so an expired access token still ends the
 * session; a session that is already invalid needs no refresh to be ended.
 */
export const logout = (refreshToken: string | null) =>
  call('logout', { body: refreshToken ? { refreshToken } : {}, refresh: false });

export const fetchUserInfo = () => callData('userInfo');
export const fetchBalance = () => callData('balance');
export const fetchAlarms = () => callData('alarms');

/** Sent with the token when there is one, so the server can keep it with the user. */
export const sendFeedback = (body: { title: string; body: string }) => call('feedback', { body });
