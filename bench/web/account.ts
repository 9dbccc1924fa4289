/**
 * The logged-in account the /futures bench trades as: a long position with TP/SL, resting limit orders and waiting
 * triggers (stop-limit, take-profit market, trailing stop), so the chart draws its order, trigger and position lines
 * and the positions area has rows. Answers the account calls of a logged-in /futures; every other /api call gets
 * NOT_FOUND (1005), never the seeds' 40000, which would log the page out.
 */

/** The session the page finds in localStorage (the seeds' keys, api/session.ts). */
export const BENCH_SESSION = {
  userid: 'bench@tickline.test',
  level: '1',
  accessToken: 'bench-access-token',
  refreshToken: 'bench-refresh-token',
} as const;

const envelope = (data: unknown) => JSON.stringify({ code: 0, message: 'Success', data });

function openOrders(price: number, now: number) {
  const insertDate = new Date(now - 60_000).toISOString();
  const plain = [-40, -80, 60, 120].map((offset, i) => ({
    no: 1001 + i,
    position: offset < 0 ? 1 : 2,
    volume: 0.05,
    price: price + offset,
    leverage: 10,
    insertDate,
  }));
  const triggers = [
    { orderPath: 3, triggerType: 'stop', triggerBy: 'mark', triggerPrice: price - 150, price: price - 160 },
    { orderPath: 4, triggerType: 'takeProfit', triggerBy: 'last', triggerPrice: price + 250, price: 0 },
    {
      orderPath: 4,
      triggerType: 'trailingStop',
      triggerBy: 'mark',
      triggerPrice: price - 200,
      price: 0,
      callbackRate: 100,
      activationPrice: 0,
    },
  ].map((trigger, i) => ({
    no: 2001 + i,
    position: 2,
    volume: 0.02,
    leverage: 10,
    insertDate,
    triggered: false,
    ...trigger,
  }));
  return { orders: [...plain, ...triggers] };
}

/** The JSON answer to a logged-in account call, or null when the path is not one. */
export function accountAnswer(url: string, price: number): string | null {
  const now = Date.now();
  const path = url.split('?')[0];
  switch (path) {
    case '/api/v1/user/info':
      return envelope({
        no: 7,
        name: 'Bench',
        email: BENCH_SESSION.userid,
        userid: BENCH_SESSION.userid,
        phone: '',
        level: 1,
        role: 'user',
        referralCode: 'BENCH1',
        insertDate: new Date(now - 86_400_000).toISOString(),
        belowReferCount: 0,
        belowMemberCount: 0,
        todayJoinCount: 0,
        weekJoinCount: 0,
        leverage: 10,
        approveStatus: 1,
        parent2ReferralCode: 'BENCH1',
        bscAddress: '0x0000000000000000000000000000000000000007',
        withdrawalsBlockedUntil: null,
      });
    case '/api/v1/user/balance':
      return envelope({
        bsc: 0,
        usdtm: 0,
        usdt: 25_000,
        btc: 0,
        balance: 25_000,
        usingRequiredAmount: 3_345,
        longWaitingRequiredAmount: 536,
        shortWaitingRequiredAmount: 939,
      });
    case '/api/v1/postion/lookup':
      return envelope([
        {
          position: 1,
          volume: 0.5,
          averagePrice: price - 100,
          liquidationPrice: price - 6_000,
          margin: 3_345,
          leverage: 10,
          takeProfit: price + 400,
          stopLoss: price - 300,
          adlQuantile: 2,
        },
      ]);
    case '/api/v1/order/waitLookup':
      return envelope(openOrders(price, now));
    default:
      return null;
  }
}

export const NOT_FOUND_ANSWER = JSON.stringify({ code: 1005, message: 'This API path does not exist.', data: null });
