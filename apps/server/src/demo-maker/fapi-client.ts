/**
 * The demo maker's Binance-compatible client: public GETs and SIGNED requests (HMAC-SHA256 of the query string with
 * the key's secret, `X-MBX-APIKEY`, `timestamp`), as any Binance bot sends them. Only ever the platform's base URL.
 */
import { createHmac } from 'node:crypto';

export interface KeyPair {
  apiKey: string;
  secret: string;
}

export class FapiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

type Params = Record<string, string | number | boolean>;

export class FapiClient {
  /** The key's weight used in the current minute, as the last answer reported it (X-MBX-USED-WEIGHT-1M). */
  usedWeight = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly key: KeyPair,
  ) {}

  get<T>(path: string, params: Params = {}): Promise<T> {
    return this.send<T>('GET', path, query(params), false);
  }

  signed<T>(method: 'GET' | 'POST' | 'DELETE', path: string, params: Params = {}): Promise<T> {
    const text = query({ ...params, timestamp: Date.now(), recvWindow: 10_000 });
    const signature = createHmac('sha256', this.key.secret).update(text).digest('hex');
    return this.send<T>(method, path, `${text}&signature=${signature}`, true);
  }

  private async send<T>(method: string, path: string, text: string, signed: boolean): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}${text ? `?${text}` : ''}`, {
      method,
      headers: signed ? { 'X-MBX-APIKEY': this.key.apiKey } : {},
      signal: AbortSignal.timeout(10_000),
    });
    const used = Number(response.headers.get('x-mbx-used-weight-1m'));
    if (Number.isFinite(used) && used > 0) this.usedWeight = used;
    const body = (await response.json()) as T & { code?: number; msg?: string };
    if (!response.ok) throw new FapiError(body.code ?? response.status, body.msg ?? response.statusText);
    return body;
  }
}

function query(params: Params): string {
  return new URLSearchParams(
    Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
}
