import type { Pool } from '@tickline/db';
import type { Clock } from '../../clock.ts';
import type { BalanceReader } from '../context.ts';
import { distributePercent } from './fee-rates.ts';
import {
  registerWithdrawSettlement,
  settlementLookup,
  settlementSummary,
  withdrawSettlementLookup,
} from './manager-money.ts';
import { members, partnerStatus, trading } from './manager-status.ts';
import { settlementDay } from './day-detail.ts';
import { PartnerSettlements, type AccrueSettlement } from './settlements.ts';
import { PartnerDecisions, type PaySettlement } from '../admin/partner-decisions.ts';

/** The partner back office's use cases (seed 001 manager calls), over one tree read per call. */
export class PartnerService {
  readonly settlements: PartnerSettlements;
  /** The operators' side: settlement applications, levels, level-7 rates. */
  readonly decisions: PartnerDecisions;

  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
    private readonly balances: BalanceReader,
    ledger: { accrue: AccrueSettlement; pay: PaySettlement },
  ) {
    this.settlements = new PartnerSettlements(pool, clock, ledger.accrue);
    this.decisions = new PartnerDecisions(pool, clock, ledger.pay);
  }

  private tree() {
    return this.settlements.tree();
  }

  async partner(userId: number) {
    return partnerStatus(this.pool, this.settlements, await this.tree(), userId, this.clock.now());
  }

  distributePercent(userId: number, body: unknown) {
    return distributePercent(this.pool, this.clock, userId, body);
  }

  async members(userId: number, query: { search: string; page: number }) {
    return members(await this.tree(), this.balances, userId, query);
  }

  async settlement(userId: number) {
    return settlementSummary(this.pool, this.settlements, this.balances, await this.tree(), userId);
  }

  async settlementLookup(userId: number) {
    return settlementLookup(this.pool, await this.tree(), userId);
  }

  async withdrawSettlementLookup(userId: number) {
    return withdrawSettlementLookup(this.pool, await this.tree(), userId);
  }

  async registerWithdrawSettlement(userId: number, input: unknown) {
    return registerWithdrawSettlement(this.pool, this.clock, await this.tree(), userId, input);
  }

  async settlementDay(userId: number, day: string) {
    return settlementDay(this.pool, await this.tree(), userId, day);
  }

  async trading(userId: number, search: string) {
    return trading(this.pool, await this.tree(), userId, search);
  }
}
