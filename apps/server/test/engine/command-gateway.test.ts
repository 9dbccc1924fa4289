import { describe, expect, it } from 'vitest';
import type { Command, CommandResult } from '@tickline/engine';
import { Errors } from '@tickline/protocol';
import { CommandGateway } from '../../src/app/engine/command-gateway.ts';
import type { EngineLink } from '../../src/app/engine/engine-link.ts';
import { AppError } from '../../src/domain/errors.ts';
import { DUPLICATE_COMMAND } from '../../src/services/sequencer/sequencer.ts';

// The one treatment of the engine's answers, whatever the wire under it (here a stand-in wire).

const fund = { type: 'fund', userId: 1, wallet: 'spot', amount: 5_000_000, reason: 'test' } as const;
const balance = { balance: { spot: 5_000_000 } };

function gatewayAnswering(result: CommandResult | Error, sent: Array<[Command, string | undefined]> = []) {
  const link: EngineLink = {
    submit: async (command, options) => {
      sent.push([command, options?.idempotencyKey]);
      if (result instanceof Error) throw result;
      return result;
    },
    read: async () => {
      throw new Error('no reads here');
    },
  };
  return new CommandGateway(link);
}

describe('the command gateway', () => {
  it('names each outcome: applied with its value, a repeated key as duplicate, a refusal with its reason', async () => {
    expect(await gatewayAnswering({ ok: true, value: balance }).send(fund)).toEqual({
      status: 'applied',
      value: balance,
    });
    const refused = { ok: false, reason: DUPLICATE_COMMAND, message: 'applied before' } as const;
    expect(await gatewayAnswering(refused).send(fund, { idempotencyKey: 'k' })).toEqual({ status: 'duplicate' });
    const poor = { ok: false, reason: 'INSUFFICIENT_BALANCE', message: 'no' } as const;
    expect(await gatewayAnswering(poor).send(fund)).toEqual({ status: 'refused', reason: 'INSUFFICIENT_BALANCE' });
  });

  it("answers a user's request with the value, or its refusal as the catalogue error", async () => {
    expect(await gatewayAnswering({ ok: true, value: balance }).execute(fund)).toEqual(balance);
    const poor = gatewayAnswering({ ok: false, reason: 'INSUFFICIENT_BALANCE', message: 'no' });
    await expect(poor.execute(fund)).rejects.toMatchObject({ code: Errors.INSUFFICIENT_BALANCE.code });
    const unknown = gatewayAnswering({ ok: false, reason: 'NOT_A_CATALOGUE_NAME', message: 'no' });
    await expect(unknown.execute(fund)).rejects.toThrow('not in the error catalogue');
  });

  it('takes keyed work as done when applied now or before, and a refusal as a defect', async () => {
    const sent: Array<[Command, string | undefined]> = [];
    await gatewayAnswering({ ok: true, value: balance }, sent).ensure(fund, 'demo-fund:1:spot', 'the demo funding');
    expect(sent).toEqual([[fund, 'demo-fund:1:spot']]);
    const repeat = gatewayAnswering({ ok: false, reason: DUPLICATE_COMMAND, message: 'applied before' });
    await expect(repeat.ensure(fund, 'demo-fund:1:spot', 'the demo funding')).resolves.toBeUndefined();
    const refused = gatewayAnswering({ ok: false, reason: 'INVALID_AMOUNT', message: 'no' });
    await expect(refused.ensure(fund, 'k', 'the demo funding')).rejects.toThrow(
      'the ledger refused the demo funding: INVALID_AMOUNT',
    );
  });

  it("passes the wire's catalogue errors on as they are (busy, unavailable, outcome unknown)", async () => {
    for (const definition of [Errors.SERVICE_BUSY, Errors.SERVICE_UNAVAILABLE, Errors.ENGINE_OUTCOME_UNKNOWN]) {
      const gateway = gatewayAnswering(new AppError(definition));
      await expect(gateway.send(fund)).rejects.toMatchObject({ code: definition.code });
      await expect(gateway.ensure(fund, 'k', 'x')).rejects.toMatchObject({ code: definition.code });
    }
  });
});
