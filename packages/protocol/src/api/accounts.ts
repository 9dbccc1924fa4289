// Request and answer shapes of the accounts API (/api/v1), shared by the server and the web client.
// Field names follow the seeds' call tables exactly. Every answer is wrapped in the Envelope.

import { z } from 'zod';

/** POST /feedback: the longest title and body the use case accepts (FEEDBACK_TOO_LONG beyond). */
export const FEEDBACK_TITLE_MAX_LENGTH = 200;
export const FEEDBACK_BODY_MAX_LENGTH = 5000;

/** 1 member, 2 influencer, 3 premium, 4 star, 5 mega, 6 super, 7 secret. */
export const userLevelSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
  z.literal(7),
]);

/** KYC: 1 verified, 2 verification required, 3 pending. */
export const approveStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const userRoleSchema = z.union([z.literal('user'), z.literal('operator')]);

/** On failure the same shape comes back in `data` with empty tokens, level 0 and the reason in errorMessage. */
export const loginAnswerSchema = z.object({
  level: z.number(),
  accessToken: z.string(),
  refreshToken: z.string(),
  errorMessage: z.string(),
});

export const refreshAnswerSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});

/** POST /upload/images (multipart, field uploadFile) */
export const uploadImagesAnswerSchema = z.object({
  /** Opaque references like img_<random>. */
  images: z.array(z.string()),
});

export const findIdAnswerSchema = z.string();

/** GET /user/info */
export const userInfoSchema = z.object({
  /** Numeric user number (the websocket's userNo). */
  no: z.number(),
  name: z.string(),
  email: z.string(),
  /** The login email (same as email). */
  userid: z.string(),
  phone: z.string(),
  level: z.number(),
  role: userRoleSchema,
  referralCode: z.string(),
  /** ISO 8601 timestamp of registration. */
  insertDate: z.string(),
  /** Direct referrals. */
  belowReferCount: z.number(),
  /** The whole referral downline. */
  belowMemberCount: z.number(),
  /** Downline members who joined today (Korean day, KST). */
  todayJoinCount: z.number(),
  /** Downline members who joined in the last 7 days. */
  weekJoinCount: z.number(),
  leverage: z.number(),
  approveStatus: z.number(),
  /** Code of the nearest partner (level >= 2) above the user; the user's own code for a partner or with none above. */
  parent2ReferralCode: z.string(),
  /** The user's BEP-20 deposit address (checksummed). */
  bscAddress: z.string(),
  /** ISO timestamp until which withdrawals are blocked (after a password change), or null. */
  withdrawalsBlockedUntil: z.string().nullable(),
});

/** GET /user/balance — amounts in USDT (btc in BTC). */
export const userBalanceSchema = z.object({
  bsc: z.number(),
  usdtm: z.number(),
  usdt: z.number(),
  btc: z.number(),
  balance: z.number(),
  usingRequiredAmount: z.number(),
  longWaitingRequiredAmount: z.number(),
  shortWaitingRequiredAmount: z.number(),
});

/** GET /alarm/lookup — newest first. */
export const alarmSchema = z.object({
  content: z.string(),
  /** ISO 8601 timestamp. */
  insertDate: z.string(),
});

/** GET /server/serverTime */
export const serverTimeSchema = z.object({
  /** Milliseconds since the Unix epoch. */
  timestamp: z.number(),
});

// The account security page (#17): /user/security and its actions.
/** A live session of the caller's account, as the security page lists it. */
export const securitySessionSchema = z.object({
  id: z.string(),
  /** The browser's user agent when the session started. */
  device: z.string(),
  address: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});

export const loginOutcomeSchema = z.union([
  z.literal('success'),
  z.literal('wrong_password'),
  z.literal('code_required'),
  z.literal('wrong_code'),
  z.literal('throttled'),
  z.literal('code_locked'),
]);

export const securityLoginSchema = z.object({
  at: z.string(),
  address: z.string(),
  device: z.string(),
  outcome: loginOutcomeSchema,
});

export const whitelistAddressSchema = z.object({
  id: z.number(),
  address: z.string(),
  label: z.string(),
  addedAt: z.string(),
  /** Withdrawals to it are accepted from this moment (24 h after it was added). */
  usableFrom: z.string(),
});

/** GET /user/security → data. */
export const securityOverviewSchema = z.object({
  sessions: z.array(securitySessionSchema),
  logins: z.array(securityLoginSchema),
  totp: z.object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.number(),
  }),
  whitelist: z.object({
    enabled: z.boolean(),
    addresses: z.array(whitelistAddressSchema),
  }),
});

/** POST /user/totp/setup → data: the secret to type in and the otpauth:// URI to scan. */
export const totpSetupAnswerSchema = z.object({
  secret: z.string(),
  uri: z.string(),
});

/** POST /user/totp/enable {code} → data: ten one-time recovery codes, shown once. */
export const totpEnableAnswerSchema = z.object({
  recoveryCodes: z.array(z.string()),
});

export type UserLevel = z.infer<typeof userLevelSchema>;
export type UserRole = z.infer<typeof userRoleSchema>;
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export type RefreshAnswer = z.infer<typeof refreshAnswerSchema>;
export type UploadImagesAnswer = z.infer<typeof uploadImagesAnswerSchema>;
export type FindIdAnswer = z.infer<typeof findIdAnswerSchema>;
export type UserInfo = z.infer<typeof userInfoSchema>;
export type UserBalance = z.infer<typeof userBalanceSchema>;
export type Alarm = z.infer<typeof alarmSchema>;
export type ServerTime = z.infer<typeof serverTimeSchema>;
export type SecuritySession = z.infer<typeof securitySessionSchema>;
export type LoginOutcome = z.infer<typeof loginOutcomeSchema>;
export type SecurityLogin = z.infer<typeof securityLoginSchema>;
export type WhitelistAddress = z.infer<typeof whitelistAddressSchema>;
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswerSchema>;
export type TotpEnableAnswer = z.infer<typeof totpEnableAnswerSchema>;
