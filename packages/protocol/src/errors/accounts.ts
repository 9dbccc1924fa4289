import { defineErrors } from './define.ts';

// Where the seeds give a client message for a rule, the server answers with the same words.
export const accountsErrors = defineErrors('Accounts', {
  EMAIL_REQUIRED: { code: 2001, message: 'Please enter your email.' },
  EMAIL_INVALID: { code: 2002, message: 'Please Input your ID as an email.' },
  PASSWORD_REQUIRED: { code: 2003, message: 'Please enter your password.' },
  PASSWORD_LENGTH: { code: 2004, message: 'The password must be 8 to 128 characters long.' },
  NAME_REQUIRED: { code: 2005, message: 'Please enter your name.' },
  NAME_INVALID: { code: 2006, message: 'The name may contain only letters and digits (at most 50).' },
  PHONE_REQUIRED: { code: 2007, message: 'Please enter your phone number.' },
  PHONE_INVALID: { code: 2008, message: 'The phone number must be 3-4-4 digits, for example 010-1234-5678.' },
  USERID_TAKEN: { code: 2009, message: 'This email is already registered.' },
  REFERRAL_CODE_UNKNOWN: { code: 2010, message: 'This referral code does not exist.' },
  IMAGE_REQUIRED: { code: 2011, message: 'Please select an image before uploading.' },
  IMAGE_UNKNOWN: {
    code: 2012,
    message: 'The uploaded image was not found or has already been used. Please upload it again.',
  },
  LOGIN_FAILED: { code: 2013, message: 'The email or password is incorrect.' },
  REFRESH_TOKEN_REQUIRED: { code: 2014, message: 'Please provide a refresh token.' },
  IMAGE_FILE_REQUIRED: { code: 2015, message: 'Please attach a JPEG or PNG image in the uploadFile field.' },
  IMAGE_TYPE_INVALID: { code: 2016, message: 'Only JPEG and PNG images are accepted.' },
  IMAGE_TOO_LARGE: { code: 2017, message: 'The image is too large (at most 8 MB and 40 megapixels).' },
  KYC_ALREADY_VERIFIED: { code: 2018, message: 'You are already verified.' },
  FIND_ID_EMAIL_INVALID: { code: 2019, message: 'Not an email pattern.' },
  FIND_ID_PHONE_REQUIRED: { code: 2020, message: 'Please enter your phone.' },
  FIND_ID_NOT_FOUND: { code: 2021, message: 'No account matches this email and phone number.' },
  USERID_REQUIRED: { code: 2022, message: 'Please enter your UserID.' },
  ADDRESS_REQUIRED: { code: 2023, message: 'Please enter your USDT (BEP-20) Address.' },
  NEW_PASSWORD_REQUIRED: { code: 2024, message: 'Please enter your new password.' },
  PASSWORD_RESET_MISMATCH: { code: 2025, message: 'The user ID and USDT (BEP-20) address do not match.' },
  FEEDBACK_TITLE_REQUIRED: { code: 2027, message: 'Please input title please' },
  FEEDBACK_BODY_REQUIRED: { code: 2028, message: 'Please input your feedback please' },
  LOGIN_THROTTLED: {
    code: 2030,
    message: 'Too many failed sign-in attempts on this account. Please try again in a moment.',
  },
  FEEDBACK_TOO_LONG: {
    code: 2029,
    message: 'The title may have at most 200 characters and the feedback at most 5,000.',
  },
});
