import type { AmountFieldProblem } from '../lib/amountField.ts';
import type { MessageKey } from '../i18n/dictionary.ts';
import { useT } from '../i18n/I18nProvider.tsx';

/** The message of each amount problem (#28 item 1); `{n}` is the field's number of decimals. */
export const AMOUNT_PROBLEM_TEXT: Record<AmountFieldProblem, MessageKey> = {
  wholeOnly: 'amount.wholeOnly',
  tooManyDecimals: 'amount.tooManyDecimals',
  notANumber: 'amount.notANumber',
};

/** Says why an amount field's text is refused, announced as it appears; nothing when it is fine. */
export function AmountProblem({ problem, scale }: { problem: AmountFieldProblem | null; scale: number }) {
  const t = useT();
  if (problem === null) return null;
  return (
    <p className="field__error" role="alert" data-testid="amount-problem">
      {t(AMOUNT_PROBLEM_TEXT[problem], { n: scale })}
    </p>
  );
}
