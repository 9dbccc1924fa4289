import { commonErrors } from './common.ts';
import { accountsErrors } from './accounts.ts';
import { futuresErrors } from './futures.ts';
import { optionsErrors } from './options.ts';
import { walletErrors } from './wallet.ts';
import { custodyErrors } from './custody.ts';
import { marketErrors } from './market.ts';
import { partnersErrors } from './partners.ts';
import { securityErrors } from './security.ts';
import { operatorsErrors } from './operators.ts';
import { programsErrors } from './programs.ts';
import { orderControlsErrors } from './order-controls.ts';
import { auditErrors } from './audit.ts';
import type { ErrorDefinition } from './define.ts';

export type { ErrorDefinition } from './define.ts';
export { defineErrors } from './define.ts';

/**
 * The one error catalogue. Each area keeps its errors in its own file (codes in its own range);
 * `docs/error-codes.md` is generated from this list (`npm run docs:errors`) and a test keeps it current.
 */
export const errorAreas = [
  commonErrors,
  accountsErrors,
  securityErrors,
  futuresErrors,
  optionsErrors,
  walletErrors,
  custodyErrors,
  marketErrors,
  partnersErrors,
  operatorsErrors,
  programsErrors,
  orderControlsErrors,
  auditErrors,
] as const;

type AreaDefinitions = (typeof errorAreas)[number]['definitions'];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type ErrorName = keyof UnionToIntersection<AreaDefinitions>;

export const Errors = Object.freeze(
  Object.assign({}, ...errorAreas.map((area) => area.definitions)) as Record<ErrorName, ErrorDefinition>,
);

export function findErrorByCode(code: number): (ErrorDefinition & { name: string }) | undefined {
  for (const [name, definition] of Object.entries(Errors)) if (definition.code === code) return { name, ...definition };
  return undefined;
}
