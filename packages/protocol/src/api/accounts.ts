// Request and answer shapes of the accounts API (/api/v1), shared by the server and the web client.
// Field names follow the seeds' call tables exactly. Every answer is wrapped in the Envelope.

/** 1 member, 2 influencer, 3 premium, 4 star, 5 mega, 6 super, 7 secret. */
export type UserLevel = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export type UserRole = 'user' | 'operator';

/** POST /auth/login */
export interface LoginRequest {
  userid: string;
  password: string;
  /** Ours: the two-factor code (or a recovery code) once two-factor is on; asked by code 2040. */
  otp?: string;
}
/** On failure the same shape comes back in `data` with empty tokens, level 0 and the reason in errorMessage. */
export interface LoginAnswer {
  level: number;
  accessToken: string;
  refreshToken: string;
  errorMessage: string;
}

/** POST /auth/refresh (ours) */
export interface RefreshRequest {
  refreshToken: string;
}
export interface RefreshAnswer {
  accessToken: string;
  refreshToken: string;
}

/** POST /auth/logout (ours): the bearer token's session, or the one the refresh token belongs to. */
export interface LogoutRequest {
  refreshToken?: string;
}

/** POST /auth/register — answer data is null. */
export interface RegisterRequest {
  userid: string;
  password: string;
  name: string;
  /** 3-4-4 digits with hyphens, e.g. 010-1234-5678. */
  phone: string;
  /** Optional; when given it must exist and its owner becomes the referrer. */
  referralCode?: string;
  /** A reference from POST /upload/images, used once. */
  verificationImage: string;
}

/**
 * POST /auth/checkRegister (ours) — answer data is null. What /auth/register would refuse before the photo: the id
 * and password rules, a taken id, an unknown referral code. Without userid and password only the code is checked.
 */
export interface CheckRegisterRequest {
  userid?: string;
  password?: string;
  referralCode?: string;
}

/** POST /upload/images (multipart, field uploadFile) */
export interface UploadImagesAnswer {
  /** Opaque references like img_<random>. */
  images: string[];
}

/** POST /auth/updateKyc — answer data is null. */
export interface UpdateKycRequest {
  verificationImage: string;
}

/** POST /auth/findid — answer data is the user id (the email) as a string. */
export interface FindIdRequest {
  email: string;
  phone: string;
}
export type FindIdAnswer = string;

/** POST /auth/changePassword — answer data is null; all sessions end, withdrawals wait 24 h. */
export interface ChangePasswordRequest {
  userid: string;
  bscAddress: string;
  password: string;
}

/** GET /user/info */
export interface UserInfo {
  /** Numeric user number (the websocket's userNo). */
  no: number;
  name: string;
  email: string;
  /** The login email (same as email). */
  userid: string;
  phone: string;
  level: number;
  role: UserRole;
  referralCode: string;
  /** ISO 8601 timestamp of registration. */
  insertDate: string;
  /** Direct referrals. */
  belowReferCount: number;
  /** The whole referral downline. */
  belowMemberCount: number;
  /** Downline members who joined today (Korean day, KST). */
  todayJoinCount: number;
  /** Downline members who joined in the last 7 days. */
  weekJoinCount: number;
  leverage: number;
  approveStatus: number;
  /** Code of the nearest partner (level >= 2) above the user; the user's own code for a partner or with none above. */
  parent2ReferralCode: string;
  /** The user's BEP-20 deposit address (checksummed). */
  bscAddress: string;
  /** ISO timestamp until which withdrawals are blocked (after a password change), or null. */
  withdrawalsBlockedUntil: string | null;
}

/** GET /user/balance — amounts in USDT (btc in BTC). */
export interface UserBalance {
  bsc: number;
  usdtm: number;
  usdt: number;
  btc: number;
  balance: number;
  usingRequiredAmount: number;
  longWaitingRequiredAmount: number;
  shortWaitingRequiredAmount: number;
}

/** GET /alarm/lookup — newest first. */
export interface Alarm {
  content: string;
  /** ISO 8601 timestamp. */
  insertDate: string;
}

/** GET /server/serverTime */
export interface ServerTime {
  /** Milliseconds since the Unix epoch. */
  timestamp: number;
}

/** POST /user/updateLeverage — answer data is null. */
export interface UpdateLeverageRequest {
  /** Integer 1–100. */
  leverage: number;
}

/** POST /feedback (ours) — answer data is null. */
export interface FeedbackRequest {
  title: string;
  body: string;
}

// The account security page (#17): /user/security and its actions.

/** A live session of the caller's account, as the security page lists it. */
export interface SecuritySession {
  id: string;
  /** The browser's user agent when the session started. */
  device: string;
  address: string;
  createdAt: string;
  lastUsedAt: string;
  /** The session this request came from. */
  current: boolean;
}

export type LoginOutcome = 'success' | 'wrong_password' | 'code_required' | 'wrong_code' | 'throttled' | 'code_locked';

export interface SecurityLogin {
  at: string;
  address: string;
  device: string;
  outcome: LoginOutcome;
}

export interface WhitelistAddress {
  id: number;
  address: string;
  label: string;
  addedAt: string;
  /** Withdrawals to it are accepted from this moment (24 h after it was added). */
  usableFrom: string;
}

/** GET /user/security → data. */
export interface SecurityOverview {
  sessions: SecuritySession[];
  logins: SecurityLogin[];
  totp: { enabled: boolean; recoveryCodesLeft: number };
  whitelist: { enabled: boolean; addresses: WhitelistAddress[] };
}

/** POST /user/totp/setup → data: the secret to type in and the otpauth:// URI to scan. */
export interface TotpSetupAnswer {
  secret: string;
  uri: string;
}

/** POST /user/totp/enable {code} → data: ten one-time recovery codes, shown once. */
export interface TotpEnableAnswer {
  recoveryCodes: string[];
}
