import { defineErrors } from './define.ts';

// The account security page (#17): sessions, password change, two-factor codes and the withdrawal whitelist (204x).
export const securityErrors = defineErrors('Account security', {
  TOTP_REQUIRED: { code: 2040, message: 'Please enter the 6-digit code from your authenticator app.' },
  TOTP_INVALID: { code: 2041, message: 'The code is incorrect or has already been used.' },
  TOTP_ALREADY_ENABLED: { code: 2042, message: 'Two-factor authentication is already on.' },
  TOTP_NOT_ENABLED: { code: 2043, message: 'Two-factor authentication is not on.' },
  TOTP_SETUP_REQUIRED: { code: 2044, message: 'Please start the two-factor setup again.' },
  SESSION_NOT_FOUND: { code: 2045, message: 'This session does not exist or has already ended.' },
  CURRENT_PASSWORD_REQUIRED: { code: 2046, message: 'Please enter your current password.' },
  CURRENT_PASSWORD_WRONG: { code: 2047, message: 'Your current password is incorrect.' },
  WHITELIST_ADDRESS_INVALID: { code: 2048, message: 'Please enter a valid BEP-20 address (0x and 40 hex digits).' },
  WHITELIST_ADDRESS_EXISTS: { code: 2049, message: 'This address is already on your whitelist.' },
  WHITELIST_ENTRY_NOT_FOUND: { code: 2050, message: 'This address is not on your whitelist.' },
  WHITELIST_LABEL_TOO_LONG: { code: 2051, message: 'The label may have at most 40 characters.' },
  WITHDRAW_ADDRESS_NOT_WHITELISTED: {
    code: 2052,
    message: 'Your withdrawal whitelist is on and this address is not on it.',
  },
  WITHDRAW_ADDRESS_NOT_YET_USABLE: {
    code: 2053,
    message: 'This whitelisted address can be used 24 hours after it was added.',
  },
  // The answer's message names the wait in seconds; this is the catalogue's general form.
  SECOND_FACTOR_LOCKED: {
    code: 2054,
    message: 'Too many wrong codes on this account. Please try again later.',
  },
});
