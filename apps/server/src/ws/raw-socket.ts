// Writes to the TCP socket under a websocket: frames of one turn held together, and refused upgrades.
/**
 * One write per socket per turn of the event loop for the frames a connection is sent one by one (#30): request
 * answers and user-stream events. A signed-in socket placing an order gets, from one commit, the answer and the
 * order's and the balance's events (on each of the user's sockets); each `ws.send` was its own writev(2), which made
 * the socket's writes the largest part of a websocket order's server CPU (bench/api/README.md). The TCP socket is
 * corked at its first frame in a turn and uncorked once the turn's callbacks and promise jobs have run
 * (`setImmediate`), so the frames go out together, in the order they were sent.
 *
 * Market-data broadcasts keep their own path: they write straight to a socket only when it is not corked
 * (direct-write.ts), so a corked socket's broadcast frames queue behind its answers and events, in order.
 */
import type { Duplex } from 'node:stream';

export class TurnCork {
  private readonly corked = new Set<Duplex>();
  private scheduled = false;

  /** Holds this socket's writes until the end of the turn (once per socket and turn). */
  hold(socket: Duplex): void {
    if (this.corked.has(socket) || socket.destroyed) return;
    socket.cork();
    this.corked.add(socket);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.release);
    }
  }

  /** Lets every held socket write what it was given, as one write each. */
  readonly release = (): void => {
    this.scheduled = false;
    const sockets = [...this.corked];
    this.corked.clear();
    for (const socket of sockets) if (!socket.destroyed) socket.uncork();
  };
}

/** Refuses an upgrade on its raw socket (no websocket yet): 404 for another path, 503 when full or closing. */
export function rejectUpgrade(socket: Duplex, status: 404 | 503): void {
  const reason = status === 404 ? 'Not Found' : 'Service Unavailable';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
