// An API for programs (#29): API keys, client order ids and the dead-man's switch, as the server answers them.
import { z } from 'zod';

export const apiKeyPermissionSchema = z.enum(['read', 'trade']);

/** POST /user/apiKeys → data: the secret is shown this once and never again. */
export const createdApiKeySchema = z.object({ apiKey: z.string(), secret: z.string() });

/** GET /user/apiKeys → data.keys[]: never the secret. */
export const apiKeySummarySchema = z.object({
  apiKey: z.string(),
  label: z.string(),
  permissions: z.array(apiKeyPermissionSchema),
  /** Client addresses the key may be used from; empty = any. */
  ips: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySummarySchema) });

/** GET /order/lookup?clientOrderId= → data: what the command sent with that id did. */
export const clientOrderLookupSchema = z.object({
  clientOrderId: z.string(),
  /** The command applied: placeOrder, closePosition, setTpSl or placeOptionOrder. */
  kind: z.string(),
  /** The futures order's or the option bet's number; null for a TP/SL update or a close that needed no order. */
  no: z.number().nullable(),
  createdAt: z.string(),
  /** The futures order as it is now (placeOrder only): open, filled or cancelled, its BTC and the BTC filled so far. */
  order: z
    .object({ status: z.enum(['open', 'filled', 'cancelled']), qty: z.string(), filledQty: z.string() })
    .nullable(),
});

/** POST /order/cancelAllAfter → data. */
export const cancelAllAfterAnswerSchema = z.object({
  /** When every open order is cancelled unless renewed; null when disarmed. */
  cancelAt: z.string().nullable(),
});

export type ApiKeyPermission = z.infer<typeof apiKeyPermissionSchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;
export type ClientOrderLookup = z.infer<typeof clientOrderLookupSchema>;
export type CancelAllAfterAnswer = z.infer<typeof cancelAllAfterAnswerSchema>;

/** POST /user/apiKeys body. `otp` is the two-factor code when two-factor is on. */
export interface CreateApiKeyRequest {
  label: string;
  permissions: ApiKeyPermission[];
  /** Client addresses the key may be used from; empty or missing = any. */
  ips?: string[];
  otp?: string;
}
