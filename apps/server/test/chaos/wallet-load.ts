/**
 * The wallet's side of the load: deposit workers asking the demo faucet for test USDT (a different whole amount each
 * time, which identifies the deposit) and an operator approving or refusing waiting withdrawals at random.
 */
import type { ServerProcess } from '../helpers/server-process.ts';
import type { FaucetSend } from './book.ts';
import { recordDecision, send, type Load, type Trader } from './load.ts';

/** Faucet amounts start here (whole USDT), one more for every send of the run. */
const FAUCET_BASE_USDT = 100;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One faucet send; answers false once the server stopped answering. */
export async function deposit(server: ServerProcess, load: Load, trader: Trader): Promise<boolean> {
  const whole = FAUCET_BASE_USDT + load.book.faucet.size;
  const faucetSend: FaucetSend = { userId: trader.userId, outcome: 'unknown' };
  // In the book before it is sent: cut off by a kill, it stays known as sent (it may be on chain or not).
  load.book.faucet.set(whole * 1_000_000, faucetSend);
  const answer = await send<{ txHash: string; to: string }>(server, load, 'deposits', {
    url: '/demo/faucet',
    token: trader.token,
    body: { amount: whole },
  });
  faucetSend.outcome = answer.outcome;
  faucetSend.txHash = answer.data?.txHash;
  faucetSend.to = answer.data?.to;
  return answer.answered;
}

interface QueuedWithdrawal {
  no: number;
}

/**
 * One decision of the operator on a waiting withdrawal (approve about two in three, refuse the rest), then a pause,
 * so that users' cancels meet some of them first. Answers false once the server stopped answering.
 */
export async function decide(server: ServerProcess, load: Load, operator: Trader): Promise<boolean> {
  const { book, random } = load;
  let queue: QueuedWithdrawal[];
  try {
    const answer = await server.call<{ withdrawals: QueuedWithdrawal[] }>(
      'GET',
      '/admin/withdrawals?status=1',
      operator.token,
    );
    queue = answer.data?.withdrawals ?? [];
  } catch {
    return false;
  }
  if (queue.length > 0) {
    const { no } = queue[Math.floor(random() * queue.length)]!;
    const approve = random() < 0.65;
    const decision = recordDecision(book, no, approve ? 'approve' : 'refuse');
    const answer = await send<{ txHash: string | null }>(server, load, approve ? 'approvals' : 'refusals', {
      url: approve ? '/admin/withdrawals/approve' : '/admin/withdrawals/refuse',
      token: operator.token,
      body: approve ? { no } : { no, reason: 'chaos: refused at random' },
    });
    decision.outcome = answer.outcome;
    decision.txHash = answer.data?.txHash ?? undefined;
    if (!answer.answered) return false;
  }
  await pause(50 + Math.floor(random() * 200));
  return true;
}
