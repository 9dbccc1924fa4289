// One keep-alive HTTP/1.1 connection of the load generator: node:http with an agent of exactly one socket, so N
// connections are N sockets and every request waits for the one before it on its socket (no pipelining).
import http from 'node:http';
import { signatureOf, type ApiKeyCredentials } from '@tickline/client';
import type { RequestOutcome } from './workloads/types.ts';

export interface Envelope {
  code: number | string;
  message?: string;
  data?: unknown;
}

export class HttpConnection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  /** A request with a session token (or none); resolves with the parsed envelope. */
  call(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<Envelope> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = {};
    if (token) headers.authorization = `Bearer ${token}`;
    return this.send(method, path, raw, headers);
  }

  /** A request signed with an API key (packages/client's signature: timestamp + METHOD + path + body). */
  signed(method: 'GET' | 'POST', path: string, key: ApiKeyCredentials, body?: unknown): Promise<Envelope> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Date.now());
    return this.send(method, path, raw, {
      'x-tl-apikey': key.apiKey,
      'x-tl-timestamp': timestamp,
      'x-tl-signature': signatureOf(key.secret, { timestamp, method, path, body: raw }),
    });
  }

  close(): Promise<void> {
    this.agent.destroy();
    return Promise.resolve();
  }

  private send(method: string, path: string, raw: string, headers: http.OutgoingHttpHeaders): Promise<Envelope> {
    if (raw !== '') {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(raw);
    }
    return new Promise((resolve, reject) => {
      const request = http.request(
        { agent: this.agent, host: this.host, port: this.port, method, path, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope);
            } catch (error) {
              reject(new Error(`${method} ${path}: HTTP ${response.statusCode}, not JSON (${String(error)})`));
            }
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(raw === '' ? undefined : raw);
    });
  }
}

export function outcomeOf(answer: Envelope): RequestOutcome {
  return answer.code === 0 ? { ok: true } : { ok: false, code: String(answer.code) };
}
