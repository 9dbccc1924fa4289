import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: codes are read aloud and typed from screenshots.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

/** 31^8 ≈ 8.5e11 codes; the unique index catches the rare collision and the caller draws again. */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Codes are compared in upper case; lower-case input from a hand-typed link still matches. */
export function normalizeReferralCode(text: string): string {
  return text.trim().toUpperCase();
}
