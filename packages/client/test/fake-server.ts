// A scripted stand-in for the platform's HTTP edge: each request is recorded and answered by the next envelope.
import { createHmac } from 'node:crypto';

export interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type Answer = { status?: number; envelope?: unknown; text?: string; headers?: Record<string, string> };

/** A fetch that answers `answers` in turn (the last one forever) and records every request. */
export function scriptedFetch(answers: Array<Answer | ((seen: Seen) => Answer)>) {
  const seen: Seen[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request: Seen = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>)),
      body: typeof init?.body === 'string' ? init.body : '',
    };
    seen.push(request);
    const next = answers[Math.min(seen.length - 1, answers.length - 1)]!;
    const answer = typeof next === 'function' ? next(request) : next;
    return new Response(answer.text ?? JSON.stringify(answer.envelope), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

export const ok = (data: unknown, message = 'Success'): Answer => ({ envelope: { code: 0, message, data } });
export const refused = (code: number, message = 'refused', status = 200): Answer => ({
  status,
  envelope: { code, message, data: null },
});

/**
 * The server's rule, written out again on its own: hex HMAC-SHA256(secret, timestamp + METHOD + path + raw body).
 * Answers why a request is refused, or null when its signature holds.
 */
export function verify(secret: string, seen: Seen, baseUrl: string): string | null {
  const timestamp = seen.headers['X-TL-TIMESTAMP'];
  const signature = seen.headers['X-TL-SIGNATURE'];
  if (!seen.headers['X-TL-APIKEY'] || !timestamp || !signature) return 'headers missing';
  const path = seen.url.slice(baseUrl.length);
  const expected = createHmac('sha256', secret)
    .update(timestamp + seen.method + path + seen.body)
    .digest('hex');
  return expected === signature ? null : 'bad signature';
}
