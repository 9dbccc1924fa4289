// An API for programs (#29): API keys and their answers.

export type ApiKeyPermission = 'read' | 'trade';

/** POST /user/apiKeys body. `otp` is the two-factor code when two-factor is on. */
export interface CreateApiKeyRequest {
  label: string;
  permissions: ApiKeyPermission[];
  /** Client addresses the key may be used from; empty or missing = any. */
  ips?: string[];
  otp?: string;
}

/** POST /user/apiKeys → data: the secret is shown this once and never again. */
export interface CreatedApiKey {
  apiKey: string;
  secret: string;
}

/** GET /user/apiKeys → data.keys[]: never the secret. */
export interface ApiKeySummary {
  apiKey: string;
  label: string;
  permissions: ApiKeyPermission[];
  ips: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /order/lookup?clientOrderId= → data: what the command sent with that id did. */
export interface ClientOrderLookup {
  clientOrderId: string;
  /** The command applied: placeOrder, closePosition, setTpSl or placeOptionOrder. */
  kind: string;
  /** The futures order's or the option bet's number; null for a TP/SL update or a close that needed no order. */
  no: number | null;
  createdAt: string;
  /** The futures order as it is now (placeOrder only): open, filled or cancelled, its BTC and the BTC filled so far. */
  order: { status: 'open' | 'filled' | 'cancelled'; qty: string; filledQty: string } | null;
}

/** POST /order/cancelAllAfter → data. */
export interface CancelAllAfterAnswer {
  /** When every open order is cancelled unless renewed; null when disarmed. */
  cancelAt: string | null;
}
