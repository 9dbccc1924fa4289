// The cluster's half of the authentication cache (#30): a revocation answers only after every live API node has
// dropped it from its cache, and a node that may have missed one does not use its cache. docs/decisions.md,
// "Authentication cached, revocations acknowledged by every node".
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Revocation } from '../app/accounts/auth-cache/auth-cache.ts';
import type { SessionRevocations } from '../app/accounts/session-revocations.ts';
import { SUBJECTS, decodeJson, encodeJson, type Bus } from '../services/bus/bus.ts';

export interface BarrierTiming {
  /** How often a node says it is alive (and hears its own echo). */
  aliveEveryMs: number;
  /** A node whose own echo is older than this does not use its cache: it may be missing messages. */
  leaseMs: number;
  /** How long a revocation waits for a peer's acknowledgement; longer than the lease, so a silent peer's has lapsed. */
  ackTimeoutMs: number;
}

export const DEFAULT_BARRIER_TIMING: BarrierTiming = { aliveEveryMs: 250, leaseMs: 1_000, ackTimeoutMs: 1_500 };

interface Waiting {
  missing: Set<string>;
  done: () => void;
}

/**
 * Joins this node to the others: its cache is usable while its own heartbeat comes back over the bus (and dropped,
 * and forgotten, whenever it does not or the connection drops); revocations made here are sent to every node seen
 * alive within the lease and awaited until each acknowledged, or the acknowledgement timeout (logged).
 */
export function joinAuthBarrier(
  bus: Bus,
  revocations: SessionRevocations,
  options: { timing?: BarrierTiming; node?: string; warn?: (line: string) => void } = {},
): { node: string; stop: () => void } {
  const timing = options.timing ?? DEFAULT_BARRIER_TIMING;
  const node = options.node ?? randomUUID();
  const warn = options.warn ?? ((line: string) => console.warn(line));
  const cache = revocations.cache;
  const peers = new Map<string, number>();
  const waiting = new Map<number, Waiting>();
  let lastEcho = -Infinity;
  let lapsed = true;
  let nextId = 1;
  const now = () => performance.now();

  const lapse = () => {
    lastEcho = -Infinity;
    lapsed = true;
    cache.clear();
  };
  cache.guard(() => {
    if (!lapsed && now() - lastEcho < timing.leaseMs) return true;
    if (!lapsed) lapse();
    return false;
  });

  const stops = [
    bus.subscribe(SUBJECTS.authAlive, (data) => {
      const from = decodeJson<{ node: string }>(data).node;
      if (from !== node) return void peers.set(from, now());
      // Back after a gap: anything cached before it may have missed a revocation.
      if (lapsed) cache.clear();
      lastEcho = now();
      lapsed = false;
    }),
    bus.subscribe(SUBJECTS.authRevoked, (data) => {
      const message = decodeJson<{ from: string; id: number; revocation: Revocation; to?: string[] }>(data);
      // A re-sent revocation names the nodes that have not acknowledged it; the others have applied it already.
      if (message.from === node || (message.to && !message.to.includes(node))) return;
      revocations.applyLocally(message.revocation);
      bus.publish(`${SUBJECTS.authAcks}.${message.from}`, encodeJson({ id: message.id, node }));
    }),
    bus.subscribe(`${SUBJECTS.authAcks}.${node}`, (data) => {
      const ack = decodeJson<{ id: number; node: string }>(data);
      const wait = waiting.get(ack.id);
      if (!wait) return;
      wait.missing.delete(ack.node);
      if (wait.missing.size === 0) wait.done();
    }),
    bus.onConnection?.(() => lapse()) ?? (() => undefined),
  ];
  const alive = () => bus.publish(SUBJECTS.authAlive, encodeJson({ node }));
  const timer = setInterval(alive, timing.aliveEveryMs);
  timer.unref();
  alive();

  revocations.broadcastWith(async (revocation) => {
    // Peers heard from lately (a busy loop here may have read their heartbeats late: three leases, not one).
    const since = now() - 3 * timing.leaseMs;
    const missing = new Set([...peers].filter(([, seen]) => seen >= since).map(([peer]) => peer));
    const id = nextId++;
    const acknowledged = new Promise<void>((resolve) => {
      // Sent again, every heartbeat, to the peers that have not acknowledged it (a message lost on the way, or a
      // peer that was busy): a peer that is alive gets it before the timeout, not only loses its lease by then.
      const resend = setInterval(() => {
        const to = [...wait.missing];
        bus.publish(SUBJECTS.authRevoked, encodeJson({ from: node, id, revocation, to }));
      }, timing.aliveEveryMs);
      const timeout = setTimeout(() => {
        clearInterval(resend);
        warn(`auth cache: no acknowledgement of revocation ${id} from ${[...wait.missing].join(', ')} in time`);
        resolve();
      }, timing.ackTimeoutMs);
      const wait: Waiting = {
        missing,
        done: () => {
          clearInterval(resend);
          clearTimeout(timeout);
          resolve();
        },
      };
      waiting.set(id, wait);
    });
    bus.publish(SUBJECTS.authRevoked, encodeJson({ from: node, id, revocation }));
    if (missing.size === 0) waiting.get(id)!.done();
    try {
      await acknowledged;
    } finally {
      waiting.delete(id);
    }
  });

  return {
    node,
    stop: () => {
      clearInterval(timer);
      for (const stop of stops) stop();
      revocations.broadcastWith(null);
      cache.guard(() => false);
    },
  };
}
