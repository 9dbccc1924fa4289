/**
 * The two /sapi calls ccxt makes when keyed (loadMarkets → fetchCurrencies): our one coin, USDT on BNB Smart Chain,
 * with our withdrawal fee, minimum and maximum and the spot wallet's balance; and no margin pairs.
 */
import { z } from 'zod';
import { WITHDRAWAL_FEE, WITHDRAWAL_MINIMUM, WITHDRAWAL_SINGLE_LIMIT } from '../app/wallet/withdrawal-rules.ts';
import { route, type FapiRoute } from './route.ts';
import { usdt } from './views.ts';

const USDT_DECIMALS = 6;

export function sapiRoutes(): FapiRoute[] {
  const read = { security: 'signed', permission: 'read', method: 'GET' } as const;
  return [
    route({
      ...read,
      path: '/sapi/v1/capital/config/getall',
      weight: 10,
      schema: z.looseObject({}),
      handler: async ({ app, user }) => {
        const balance = await app.context.services.trading.balanceOf(user!.id);
        const confirmations = String(app.context.config.chain.confirmations);
        return [
          {
            coin: 'USDT',
            name: 'TetherUS',
            depositAllEnable: true,
            withdrawAllEnable: true,
            free: balance.bsc.toFixed(USDT_DECIMALS),
            locked: '0',
            freeze: '0',
            withdrawing: '0',
            ipoing: '0',
            ipoable: '0',
            storage: '0',
            isLegalMoney: false,
            trading: true,
            networkList: [
              {
                network: 'BSC',
                coin: 'USDT',
                name: 'BNB Smart Chain (BEP20)',
                isDefault: true,
                depositEnable: true,
                withdrawEnable: true,
                depositDesc: '',
                withdrawDesc: '',
                specialTips: '',
                resetAddressStatus: false,
                withdrawFee: usdt(WITHDRAWAL_FEE),
                withdrawMin: usdt(WITHDRAWAL_MINIMUM),
                withdrawMax: usdt(WITHDRAWAL_SINGLE_LIMIT),
                // Withdrawals are whole USDT.
                withdrawIntegerMultiple: '1',
                minConfirm: Number(confirmations),
                unLockConfirm: Number(confirmations),
                sameAddress: false,
                addressRegex: '^(0x)[0-9A-Fa-f]{40}$',
                memoRegex: '',
                busy: false,
              },
            ],
          },
        ];
      },
    }),
    route({
      ...read,
      path: '/sapi/v1/margin/allPairs',
      weight: 1,
      schema: z.looseObject({}),
      // No margin trading here: no pairs.
      handler: async () => [],
    }),
  ];
}
