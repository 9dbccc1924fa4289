// Sign-up, sign-in, sessions, the profile and the small public calls (seed 000 §7 accounts calls, and ours).
import { z } from 'zod';
import {
  FEEDBACK_BODY_MAX_LENGTH,
  FEEDBACK_TITLE_MAX_LENGTH,
  alarmSchema,
  findIdAnswerSchema,
  loginAnswerSchema,
  refreshAnswerSchema,
  serverTimeSchema,
  uploadImagesAnswerSchema,
  userBalanceSchema,
  userInfoSchema,
} from '../api/accounts.ts';
import { serverConfigSchema } from '../api/rules.ts';
import { defineRoutes } from './define.ts';
import { checkedLater, marketSymbol, nothing, optionalText } from './fields.ts';

const IMAGE_REFERENCE_MAX_LENGTH = 100;
// Above the password rule's 128 so that rule, not a generic one, answers too-long passwords.
const PASSWORD_INPUT_MAX_LENGTH = 1024;
const TOKEN_MAX_LENGTH = 200;
const password = (field: string) => optionalText(field, PASSWORD_INPUT_MAX_LENGTH, { trim: false });
const refreshBody = z.object({ refreshToken: optionalText('refreshToken', TOKEN_MAX_LENGTH) });

export const accountRoutes = defineRoutes({
  login: {
    method: 'POST',
    path: '/auth/login',
    auth: 'none',
    permission: 'none',
    summary: 'Signs in with the login email and password (and the two-factor code once it is on).',
    body: z.object({
      userid: optionalText('userid', 254),
      password: password('password'),
      /** The two-factor code (or a recovery code), once two-factor is on. */
      otp: optionalText('otp', 40),
    }),
    data: loginAnswerSchema,
    rateLimit: { per: 'address', name: 'login' },
    errors: ['EMAIL_REQUIRED', 'PASSWORD_REQUIRED', 'LOGIN_FAILED', 'LOGIN_THROTTLED', 'TOTP_REQUIRED', 'TOTP_INVALID'],
  },
  register: {
    method: 'POST',
    path: '/auth/register',
    auth: 'none',
    permission: 'none',
    summary: 'Opens an account with the identity photo uploaded before.',
    body: z.object({
      userid: optionalText('userid', 254),
      password: password('password'),
      name: optionalText('name', 200),
      phone: optionalText('phone', 40),
      referralCode: optionalText('referralCode', 40),
      verificationImage: optionalText('verificationImage', IMAGE_REFERENCE_MAX_LENGTH),
    }),
    data: nothing,
    message: 'Successfully registered.',
    rateLimit: { per: 'address', name: 'register' },
    errors: [
      'EMAIL_REQUIRED',
      'EMAIL_INVALID',
      'PASSWORD_REQUIRED',
      'PASSWORD_LENGTH',
      'NAME_REQUIRED',
      'NAME_INVALID',
      'PHONE_REQUIRED',
      'PHONE_INVALID',
      'USERID_TAKEN',
      'REFERRAL_CODE_UNKNOWN',
      'IMAGE_REQUIRED',
      'IMAGE_UNKNOWN',
    ],
  },
  checkRegister: {
    method: 'POST',
    path: '/auth/checkRegister',
    auth: 'none',
    permission: 'none',
    summary: 'What /auth/register would refuse before the photo; without userid and password only the code.',
    // A missing userid and password (not empty ones) leave them unchecked: the screen checks a link's code alone.
    body: z.object({
      userid: z
        .string({ error: 'userid must be a text' })
        .max(254, { error: 'userid must be at most 254 characters' })
        .trim()
        .optional(),
      password: z
        .string({ error: 'password must be a text' })
        .max(PASSWORD_INPUT_MAX_LENGTH, { error: `password must be at most ${PASSWORD_INPUT_MAX_LENGTH} characters` })
        .optional(),
      referralCode: optionalText('referralCode', 40),
    }),
    data: nothing,
    rateLimit: { per: 'address', name: 'checkRegister' },
    errors: [
      'EMAIL_REQUIRED',
      'EMAIL_INVALID',
      'PASSWORD_REQUIRED',
      'PASSWORD_LENGTH',
      'USERID_TAKEN',
      'REFERRAL_CODE_UNKNOWN',
    ],
  },
  uploadImage: {
    method: 'POST',
    path: '/upload/images',
    auth: 'none',
    permission: 'none',
    summary: 'Stores one JPEG or PNG (multipart field uploadFile) and answers its reference; registration uses it.',
    data: uploadImagesAnswerSchema,
    upload: { field: 'uploadFile' },
    rateLimit: { per: 'address', name: 'upload' },
    errors: ['IMAGE_FILE_REQUIRED', 'IMAGE_TYPE_INVALID', 'IMAGE_TOO_LARGE'],
  },
  updateKyc: {
    method: 'POST',
    path: '/auth/updateKyc',
    auth: 'user',
    permission: 'none',
    summary: 'Sends a new identity photo for verification.',
    body: z.object({ verificationImage: optionalText('verificationImage', IMAGE_REFERENCE_MAX_LENGTH) }),
    data: nothing,
    message: 'Successfully updated.',
    errors: ['IMAGE_REQUIRED', 'IMAGE_UNKNOWN', 'KYC_ALREADY_VERIFIED'],
  },
  findId: {
    method: 'POST',
    path: '/auth/findid',
    auth: 'none',
    permission: 'none',
    summary: 'Answers the login email of the account with this email and phone.',
    body: z.object({ email: optionalText('email', 254), phone: optionalText('phone', 40) }),
    data: findIdAnswerSchema,
    rateLimit: { per: 'address', name: 'findId' },
    errors: ['FIND_ID_EMAIL_INVALID', 'FIND_ID_PHONE_REQUIRED', 'FIND_ID_NOT_FOUND'],
  },
  changePassword: {
    method: 'POST',
    path: '/auth/changePassword',
    auth: 'none',
    permission: 'none',
    summary: 'Resets the password of the account with this id and deposit address; every session ends.',
    body: z.object({
      userid: optionalText('userid', 254),
      bscAddress: optionalText('bscAddress', 100),
      password: password('password'),
    }),
    data: nothing,
    message: 'Your password has been changed.',
    rateLimit: { per: 'address', name: 'changePassword' },
    errors: [
      'USERID_REQUIRED',
      'ADDRESS_REQUIRED',
      'NEW_PASSWORD_REQUIRED',
      'PASSWORD_LENGTH',
      'PASSWORD_RESET_MISMATCH',
    ],
  },
  refreshSession: {
    method: 'POST',
    path: '/auth/refresh',
    auth: 'none',
    permission: 'none',
    summary: 'Exchanges a refresh token for a new token pair (the old refresh token is spent).',
    body: refreshBody,
    data: refreshAnswerSchema,
    rateLimit: { per: 'address', name: 'refresh' },
    errors: ['REFRESH_TOKEN_REQUIRED', 'SESSION_INVALID'],
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    auth: 'optional',
    permission: 'none',
    summary: "Ends the bearer token's session, or the one the refresh token belongs to.",
    body: refreshBody,
    data: nothing,
    rateLimit: { per: 'address', name: 'refresh' },
    errors: ['SESSION_INVALID'],
  },
  userInfo: {
    method: 'GET',
    path: '/user/info',
    auth: 'user',
    permission: 'read',
    summary: "The caller's profile, referral figures and deposit address.",
    data: userInfoSchema,
    errors: [],
  },
  balance: {
    method: 'GET',
    path: '/user/balance',
    auth: 'user',
    permission: 'read',
    summary: "The caller's spot and futures balances and the margin in use.",
    data: userBalanceSchema,
    errors: [],
  },
  updateLeverage: {
    method: 'POST',
    path: '/user/updateLeverage',
    auth: 'user',
    permission: 'trade',
    summary:
      "Sets the caller's leverage in a market (default BTCUSDT), a whole number from 1 to that market's maximum.",
    body: z.object({ leverage: checkedLater('A whole number from 1 to the maximum leverage.'), symbol: marketSymbol }),
    data: nothing,
    errors: [
      'INVALID_LEVERAGE',
      'LEVERAGE_WOULD_LIQUIDATE',
      'LEVERAGE_NEEDS_MORE_MARGIN',
      'TRADING_FROZEN',
      'MARKET_UNKNOWN_SYMBOL',
    ],
  },
  leverage: {
    method: 'GET',
    path: '/user/leverage',
    auth: 'user',
    permission: 'read',
    summary: "The caller's leverage in a market (default BTCUSDT; each market has its own).",
    query: z.object({ symbol: marketSymbol }),
    data: z.object({ symbol: z.string(), leverage: z.number() }),
    errors: ['MARKET_UNKNOWN_SYMBOL'],
  },
  alarms: {
    method: 'GET',
    path: '/alarm/lookup',
    auth: 'user',
    permission: 'read',
    summary: "The caller's notifications, newest first.",
    weight: 2,
    data: z.array(alarmSchema),
    errors: [],
  },
  serverTime: {
    method: 'GET',
    path: '/server/serverTime',
    auth: 'none',
    permission: 'read',
    summary: "The server's clock, for the countdowns.",
    data: serverTimeSchema,
    errors: [],
  },
  serverConfig: {
    method: 'GET',
    path: '/server/config',
    auth: 'none',
    permission: 'read',
    summary:
      'The rules the client needs for its estimates: fees, margin tiers, leverage, option payout and cut-off, wallet limits.',
    data: serverConfigSchema,
    errors: [],
  },
  feedback: {
    method: 'POST',
    path: '/feedback',
    auth: 'optional',
    permission: 'none',
    summary: 'Sends feedback to the operators, with the account when a token is sent.',
    // The use case answers the catalogue's "too long" error; these caps only stop absurd payloads early.
    body: z.object({
      title: optionalText('title', FEEDBACK_TITLE_MAX_LENGTH * 4, { trim: false, multiline: false }),
      body: optionalText('body', FEEDBACK_BODY_MAX_LENGTH * 4, { trim: false }),
    }),
    data: nothing,
    message: 'Thank you for your feedback.',
    rateLimit: { per: 'address', name: 'feedback' },
    errors: ['FEEDBACK_TITLE_REQUIRED', 'FEEDBACK_BODY_REQUIRED', 'FEEDBACK_TOO_LONG'],
  },
});
