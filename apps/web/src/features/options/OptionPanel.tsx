import { useMutation, useQueryClient } from '@tanstack/react-query';
import { add, formatUsdt, multiply, toDecimalString, USDT_SCALE } from '@tickline/money';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isLoggedIn, useSession } from '../../api/session.ts';
import { microsOf } from '../../lib/units.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useBalance } from '../account/queries.ts';
import { usePositions } from '../futures/queries.ts';
import { registerOptionOrder } from './api.ts';
import { availableFutures, payoutOf, type RoundClock } from './calc/round.ts';
import { reloadOptions } from './queries.ts';
import { amountFieldProblem, amountFieldText, replacingLoneZero } from '../../lib/amountField.ts';
import { parseAmountInput } from '../../lib/amountInput.ts';
import { AMOUNT_PROBLEM_TEXT, AmountProblem } from '../../ui/AmountProblem.tsx';
import { useServerRules } from '../rules/useServerRules.ts';
import styles from './options.module.css';

/** Seed 001 §5: quick-add buttons. */
const QUICK_ADD = [10, 50, 100, 200, 500, 1000] as const;

/** Stakes are taken to the cent (the server takes up to 6 decimals): "12.5" is 12.5, never 125 (#28 item 1). */
const STAKE_SCALE = 2;
const ONE_USDT_MICRO = 10 ** USDT_SCALE;

/** The option trade panel (seed 001 §2, §5): amount, quick-adds, RESET, Long and Short, countdown, available, payout. */
export function OptionPanel({ clock }: { clock: RoundClock }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = isLoggedIn(useSession());
  const balance = useBalance().data;
  const payoutRateBps = useServerRules()?.option.payoutRateBps;
  const position = usePositions().data?.[0] ?? null;
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const problem = amountFieldProblem(amount, STAKE_SCALE);
  const stake = parseAmountInput(amount, USDT_SCALE);
  const available = balance
    ? availableFutures(
        {
          usdtm: microsOf(balance.usdtm),
          using: microsOf(balance.usingRequiredAmount),
          longWaiting: microsOf(balance.longWaitingRequiredAmount),
          shortWaiting: microsOf(balance.shortWaitingRequiredAmount),
        },
        position ? (position.position === 1 ? 1 : 2) : null,
      )
    : 0;

  const placing = useMutation({
    mutationFn: (order: { betType: 1 | 2; amount: string }) => registerOptionOrder(order.betType, order.amount),
    onSuccess: (answer) => {
      if (answer.code !== 0) return setMessage(answer.message);
      toast(t('options.placed'), 'success');
      reloadOptions(queryClient);
    },
  });
  const busy = placing.isPending;

  // BrowserRouter's navigate returns nothing to wait for (the promise in its type is the data routers').
  const logIn = () => void navigate('/login');

  const bet = (betType: 1 | 2): void => {
    if (!loggedIn) return logIn();
    if (problem) return setMessage(t(AMOUNT_PROBLEM_TEXT[problem], { n: STAKE_SCALE }));
    if (stake <= 0) return setMessage(t('options.enterAmount'));
    placing.mutate({ betType, amount });
  };

  return (
    <section className={styles.panel} aria-label={t('options.title')}>
      <div className={styles.countdown} data-closed={clock.closed} data-testid="option-countdown">
        <span>{t('options.expiration')}</span>
        <strong data-testid="option-seconds">{String(clock.secondsLeft).padStart(2, '0')}s</strong>
      </div>
      <div className={styles.progress} aria-hidden="true">
        <span style={{ width: `${clock.elapsedBps / 100}%` }} />
      </div>
      {clock.closed ? (
        <p className={styles.closed} data-testid="option-closed">
          {t('options.closedForEntry', { s: clock.secondsLeft })}
        </p>
      ) : null}
      <label className={styles.amount}>
        <span>{t('options.amount')}</span>
        <input
          value={amount}
          inputMode="decimal"
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            const { value: typed, selectionStart } = event.target;
            setAmount(amountFieldText(replacingLoneZero(amount, typed, selectionStart)));
          }}
          onBlur={() => setAmount((value) => (amountFieldProblem(value, STAKE_SCALE) === 'notANumber' ? '0' : value))}
          data-testid="option-amount"
        />
      </label>
      <AmountProblem problem={problem} scale={STAKE_SCALE} />
      <div className={styles.quick}>
        {QUICK_ADD.map((amountToAdd) => (
          <button
            key={amountToAdd}
            type="button"
            className={styles.quickButton}
            onClick={() =>
              setAmount((value) =>
                toDecimalString(
                  add(parseAmountInput(value, USDT_SCALE), multiply(amountToAdd, ONE_USDT_MICRO)),
                  USDT_SCALE,
                ),
              )
            }
            data-testid={`option-add-${amountToAdd}`}
          >
            +{amountToAdd.toLocaleString('en-US')}
          </button>
        ))}
        <button type="button" className={styles.quickButton} onClick={() => setAmount('0')} data-testid="option-reset">
          {t('options.reset')}
        </button>
      </div>
      <dl className={styles.figures}>
        <dt>{t('options.available')}</dt>
        <dd data-testid="option-available">{formatUsdt(available)} USDT</dd>
        <dt>{t('options.payout')}</dt>
        <dd data-testid="option-payout">
          {payoutRateBps === undefined ? '-' : `${formatUsdt(payoutOf(stake, payoutRateBps))} USDT`}
        </dd>
      </dl>
      {loggedIn ? null : (
        <button type="button" className="btn btn--primary btn--block" onClick={logIn} data-testid="option-login">
          {t('options.logIn')}
        </button>
      )}
      <div className={styles.buttons}>
        <button type="button" className={styles.long} disabled={busy} onClick={() => bet(1)} data-testid="option-long">
          {t('options.long')}
        </button>
        <button
          type="button"
          className={styles.short}
          disabled={busy}
          onClick={() => bet(2)}
          data-testid="option-short"
        >
          {t('options.short')}
        </button>
      </div>
      <p className={styles.rule}>{t('options.equalRule')}</p>
      {message ? <MessageDialog message={message} onClose={() => setMessage(null)} /> : null}
    </section>
  );
}
