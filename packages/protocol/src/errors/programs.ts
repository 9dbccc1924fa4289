import { defineErrors } from './define.ts';

// An API for programs (#29): API keys, signed requests, client order ids and the dead-man's switch (80xx). A signed
// request that cannot be authenticated answers HTTP 401, one the key may not make 403, so that a program's HTTP library
// sees the failure without reading the envelope.
export const programsErrors = defineErrors('Programs (API keys)', {
  API_KEY_LABEL_INVALID: { code: 8001, message: 'Please give the key a label of 1 to 40 characters.' },
  API_KEY_PERMISSIONS_INVALID: {
    code: 8002,
    message: "Please choose the key's permissions: read, trade or both.",
  },
  API_KEY_ADDRESS_INVALID: {
    code: 8003,
    message: 'Each allowed address must be an IPv4 or IPv6 address, at most 20 of them.',
  },
  API_KEY_LIMIT_REACHED: { code: 8004, message: 'You have the most API keys allowed. Please delete one first.' },
  API_KEY_NOT_FOUND: { code: 8005, message: 'This API key does not exist or was already deleted.' },
  API_KEY_UNKNOWN: { code: 8006, message: 'The API key is unknown or was deleted.', httpStatus: 401 },
  API_SIGNATURE_INVALID: { code: 8007, message: 'The request signature is invalid.', httpStatus: 401 },
  API_TIMESTAMP_OUTSIDE_WINDOW: {
    code: 8008,
    message: "The request's timestamp is outside the receive window. Please check your clock.",
    httpStatus: 401,
  },
  API_KEY_PERMISSION_DENIED: { code: 8009, message: 'This API key may not call this route.', httpStatus: 403 },
  API_KEY_ADDRESS_DENIED: { code: 8010, message: 'This API key may not be used from this address.', httpStatus: 403 },
  API_SIGNATURE_HEADERS_MISSING: {
    code: 8011,
    message: 'A signed request needs the headers X-TL-APIKEY, X-TL-TIMESTAMP and X-TL-SIGNATURE.',
    httpStatus: 401,
  },
  CLIENT_ORDER_ID_INVALID: {
    code: 8012,
    message: 'clientOrderId must be 1 to 36 characters: letters, digits, _ and -.',
  },
  CLIENT_ORDER_NOT_FOUND: { code: 8013, message: 'No order was placed with this client order id.' },
  CANCEL_ALL_AFTER_INVALID: {
    code: 8014,
    message: 'timeoutMs must be 0 (off) or a whole number of milliseconds from 1,000 to 3,600,000.',
  },
});
