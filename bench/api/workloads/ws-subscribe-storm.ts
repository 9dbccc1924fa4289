// A websocket subscription storm: each request opens a socket, subscribes to BTCUSDT depth, ticker and trade,
// waits for the three `subscribed` answers (after each stream's snapshot) and closes the socket.
import WebSocket from 'ws';
import type { RequestOutcome, Workload } from './types.ts';

const STREAMS = ['depth', 'ticker', 'trade'] as const;

function subscribeCycle(wsUrl: string): Promise<RequestOutcome> {
  return new Promise((resolve) => {
    const socket = new WebSocket(wsUrl);
    let acknowledged = 0;
    const finish = (outcome: RequestOutcome) => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
      resolve(outcome);
    };
    socket.on('open', () => {
      for (const streamType of STREAMS)
        socket.send(JSON.stringify({ type: 'subscribe', symbol: 'BTCUSDT', streamType }));
    });
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (text.startsWith('{"type":"subscribed"')) {
        acknowledged += 1;
        if (acknowledged === STREAMS.length) finish({ ok: true });
      } else if (text.startsWith('{"type":"error"')) finish({ ok: false, code: text.slice(0, 80) });
    });
    socket.on('error', (error) => finish({ ok: false, code: error.message }));
  });
}

export const workload: Workload = {
  name: 'wsSubscribeStorm',
  request: 'open /ws, subscribe to BTCUSDT depth + ticker + trade, await the 3 answers, close',
  async open(ctx) {
    return { next: () => subscribeCycle(ctx.wsUrl), close: async () => undefined };
  },
};
