/**
 * Binance's error shape for the /fapi and /sapi adapter: `{code: -2019, msg}` with Binance's HTTP statuses. Our
 * catalogue errors are mapped to Binance codes in ONE table (BINANCE_CODES); the adapter's own refusals (an order
 * type we do not have, a duplicate client order id, a listen key unknown) are thrown as BinanceError directly.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors, type ErrorName } from '@tickline/protocol';
import { AppError } from '../domain/errors.ts';
import { isDatabaseUnavailable } from '../http/database-unavailable.ts';

export class BinanceError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
    this.name = 'BinanceError';
  }
}

interface BinanceCode {
  code: number;
  /** Binance's own text where ccxt matches on it; otherwise our catalogue message is sent. */
  msg?: string;
  status?: number;
}

const INVALID_KEY = { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.', status: 401 };

/** Our catalogue → Binance's code (and, where it matters to clients, Binance's message and status). */
export const BINANCE_CODES: Partial<Record<ErrorName, BinanceCode>> = {
  API_SIGNATURE_INVALID: { code: -1022, msg: 'Signature for this request is not valid.' },
  API_SIGNATURE_HEADERS_MISSING: { code: -2014, msg: 'API-key format invalid.', status: 401 },
  API_KEY_UNKNOWN: INVALID_KEY,
  API_KEY_ADDRESS_DENIED: INVALID_KEY,
  // Binance's own text for a key without the right (ccxt reads it as PermissionDenied).
  API_KEY_PERMISSION_DENIED: { code: -1002, msg: 'You are not authorized to execute this request.', status: 401 },
  API_TIMESTAMP_OUTSIDE_WINDOW: { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' },
  RATE_LIMITED: { code: -1003, status: 429 },
  // Binance's codes with the message ccxt matches in its common table: -2019/-2018 are only in its USDⓈ-M table,
  // which it applies to binance.com hosts alone (getExceptionsByUrl), so the message carries the class elsewhere.
  INSUFFICIENT_MARGIN: { code: -2019, msg: 'Account has insufficient balance for requested action.' },
  INSUFFICIENT_BALANCE: { code: -2018, msg: 'Account has insufficient balance for requested action.' },
  ORDER_NOT_FOUND: { code: -2011, msg: 'Unknown order sent.' },
  CLIENT_ORDER_NOT_FOUND: { code: -2013, msg: 'Order does not exist.' },
  INVALID_PRICE: { code: -1111 },
  INVALID_QUANTITY: { code: -1111 },
  QUANTITY_BELOW_MINIMUM: { code: -4004 },
  QUANTITY_ABOVE_MAXIMUM: { code: -4005 },
  // ccxt reads -4164 as InvalidOrder in its USDⓈ-M table (binance.com hosts only); the text is Binance's shape.
  NOTIONAL_BELOW_MINIMUM: { code: -4164 },
  TOO_MANY_OPEN_ORDERS: { code: -2025, msg: 'Reach max open order limit.' },
  INVALID_LEVERAGE: { code: -4028 },
  LEVERAGE_WOULD_LIQUIDATE: { code: -2028 },
  LEVERAGE_NEEDS_MORE_MARGIN: { code: -2028 },
  NO_LIQUIDITY: { code: -2020, msg: 'Unable to fill.' },
  ORDER_WOULD_LIQUIDATE: { code: -2010 },
  NO_MARK_PRICE: { code: -2010 },
  NO_POSITION: { code: -2022, msg: 'ReduceOnly Order is rejected.' },
  CLOSE_EXCEEDS_POSITION: { code: -2022, msg: 'ReduceOnly Order is rejected.' },
  INVALID_ORDER_TYPE: { code: -1116, msg: 'Invalid orderType.' },
  // Order controls and trigger orders (#32), with Binance's texts.
  INVALID_TIME_IN_FORCE: { code: -1115, msg: 'Invalid timeInForce.' },
  POST_ONLY_WOULD_TAKE: {
    code: -5022,
    msg: 'Due to the order could not be executed as maker, the Post Only order will be rejected. The order will not be recorded in the order history',
  },
  FOK_NOT_FILLED: {
    code: -5021,
    msg: 'Due to the order could not be filled immediately, the FOK order has been rejected. The order will not be recorded in the order history',
  },
  REDUCE_ONLY_NO_POSITION: { code: -2022, msg: 'ReduceOnly Order is rejected.' },
  REDUCE_ONLY_WRONG_SIDE: { code: -2022, msg: 'ReduceOnly Order is rejected.' },
  TRIGGER_WOULD_FIRE_NOW: { code: -2021, msg: 'Order would immediately trigger.' },
  INVALID_TRIGGER: { code: -1102 },
  INVALID_CALLBACK_RATE: { code: -1102 },
  NO_LAST_PRICE: { code: -2010 },
  AMEND_NOTHING_TO_CHANGE: { code: -5027, msg: 'No need to modify the order.' },
  AMEND_QTY_BELOW_FILLED: { code: -2010 },
  AMEND_WOULD_CROSS: { code: -2010 },
  ORDER_NOT_AMENDABLE: { code: -2013, msg: 'Order does not exist.' },
  INVALID_MARGIN_AMOUNT: { code: -1102 },
  MARGIN_REMOVE_EXCEEDS_MAXIMUM: { code: -4051, msg: 'Isolated balance insufficient.' },
  MARGIN_ADD_EXCEEDS_AVAILABLE: { code: -2019, msg: 'Account has insufficient balance for requested action.' },
  LEVERAGE_EXCEEDS_BRACKET: { code: -2027, msg: 'Exceeded the maximum allowable position at current leverage.' },
  TRADING_FROZEN: { code: -4088, msg: 'This account may not place or cancel orders.' },
  CLIENT_ORDER_ID_INVALID: { code: -1100 },
  CANCEL_ALL_AFTER_INVALID: { code: -1130 },
  MARKET_UNKNOWN_SYMBOL: { code: -1121, msg: 'Invalid symbol.' },
  MARKET_UNSUPPORTED_INTERVAL: { code: -1120, msg: 'Invalid interval.' },
  MARKET_INVALID_LIMIT: { code: -1130 },
  // A business outcome here as on /api/v1 (not a server fault): 400, with Binance's "try again" code.
  MARKET_DATA_UNAVAILABLE: { code: -1001 },
  SERVICE_BUSY: { code: -1008, status: 503 },
  SERVICE_UNAVAILABLE: { code: -1001, status: 503 },
  ENGINE_OUTCOME_UNKNOWN: {
    code: -1007,
    msg: 'Timeout waiting for response from backend server. Send status unknown; execution status unknown.',
    status: 503,
  },
  VALIDATION_FAILED: { code: -1102 },
  MALFORMED_REQUEST: { code: -1102 },
  PAYLOAD_TOO_LARGE: { code: -1102, status: 413 },
  NOT_FOUND: { code: -5000, status: 404 },
  INTERNAL: { code: -1000, msg: 'An unknown error occured while processing the request.', status: 500 },
};

const NAME_OF_CODE = new Map<number, ErrorName>(
  (Object.keys(Errors) as ErrorName[]).map((name) => [Errors[name].code, name]),
);

/** The Binance answer for any failure: status and `{code, msg}`. */
export function binanceAnswerOf(error: unknown): { status: number; body: { code: number; msg: string } } {
  if (error instanceof BinanceError)
    return { status: error.httpStatus, body: { code: error.code, msg: error.message } };
  if (error instanceof AppError) {
    const name = NAME_OF_CODE.get(error.code);
    const mapped = (name && BINANCE_CODES[name]) || { code: -1000 };
    return { status: mapped.status ?? 400, body: { code: mapped.code, msg: mapped.msg ?? error.message } };
  }
  if (isDatabaseUnavailable(error)) return binanceAnswerOf(new AppError(Errors.SERVICE_UNAVAILABLE));
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 429) return binanceAnswerOf(new AppError(Errors.RATE_LIMITED));
  if (status === 413) return binanceAnswerOf(new AppError(Errors.PAYLOAD_TOO_LARGE));
  if (status >= 400 && status < 500) return binanceAnswerOf(new AppError(Errors.MALFORMED_REQUEST));
  return binanceAnswerOf(new AppError(Errors.INTERNAL));
}

/** Answers every failure of the adapter's routes in Binance's shape (encapsulated: /api/v1 keeps its envelope). */
export function installBinanceErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = binanceAnswerOf(error);
    if (status >= 500) request.log.error({ err: error }, 'fapi error');
    return reply.code(status).send(body);
  });
}
