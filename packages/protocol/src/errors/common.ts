import { defineErrors } from './define.ts';

// 40000 is fixed by the seeds: the client logs out on it. Every other code lives in an area's range.
export const commonErrors = defineErrors('Common', {
  SESSION_INVALID: { code: 40000, message: 'Your session is invalid or has expired. Please log in again.' },
  VALIDATION_FAILED: { code: 1001, message: 'The request is invalid.' },
  MALFORMED_REQUEST: { code: 1002, message: 'The request body could not be read.', httpStatus: 400 },
  PAYLOAD_TOO_LARGE: { code: 1003, message: 'The request is too large.', httpStatus: 413 },
  RATE_LIMITED: { code: 1004, message: 'Too many requests. Please wait a moment and try again.', httpStatus: 429 },
  NOT_FOUND: { code: 1005, message: 'This API path does not exist.', httpStatus: 404 },
  INTERNAL: { code: 1006, message: 'Something went wrong on our side. Please try again.', httpStatus: 500 },
  SERVICE_BUSY: { code: 1007, message: 'The service is busy. Please try again in a moment.', httpStatus: 503 },
  FORBIDDEN: { code: 1008, message: 'You are not allowed to do this.' },
  SERVICE_UNAVAILABLE: {
    code: 1009,
    message: 'The service is temporarily unavailable. Please try again in a few seconds.',
    httpStatus: 503,
  },
  ENGINE_OUTCOME_UNKNOWN: {
    code: 1010,
    message:
      'The trading engine did not answer in time: your request may or may not have been applied. Please check your orders and balance before trying again.',
    httpStatus: 503,
  },
});
