import { defineErrors } from './define.ts';

// 7xxx: market data endpoints (70xx) and the websocket gateway (71xx).
export const marketErrors = defineErrors('Market', {
  MARKET_UNKNOWN_SYMBOL: { code: 7001, message: 'This symbol is not available.' },
  MARKET_UNSUPPORTED_INTERVAL: { code: 7002, message: 'The interval must be 1m, 5m, 15m, 1h or 4h.' },
  MARKET_INVALID_LIMIT: { code: 7003, message: 'The limit must be a whole number within the allowed range.' },
  MARKET_DATA_UNAVAILABLE: { code: 7004, message: 'Market data is not available yet. Please try again in a moment.' },
  MARKET_INVALID_TIME_RANGE: {
    code: 7005,
    message: 'startTime and endTime must be epoch milliseconds, with startTime not after endTime.',
  },
  WS_MALFORMED_MESSAGE: { code: 7101, message: 'The message is not valid JSON.' },
  WS_UNKNOWN_MESSAGE_TYPE: { code: 7102, message: 'Unknown message type.' },
  WS_INVALID_MESSAGE: { code: 7103, message: 'The message has a missing or invalid field.' },
  WS_UNKNOWN_STREAM: { code: 7104, message: 'Unknown stream type.' },
  WS_SUBSCRIPTION_LIMIT: { code: 7105, message: 'Too many subscriptions on this connection.' },
  WS_AUTH_UNAVAILABLE: { code: 7106, message: 'Signing in on this connection is not available.' },
  WS_UNKNOWN_METHOD: { code: 7107, message: 'This method cannot be called over the websocket.' },
  WS_TOO_MANY_IN_FLIGHT: {
    code: 7108,
    message: 'Too many requests are waiting for an answer on this connection. Wait for answers before sending more.',
  },
});
