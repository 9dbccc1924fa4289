-- Partner back office (PRODUCT.md §7): fee rates, daily settlements with carry-over, settlement withdrawals.

-- A partner's share rate in basis points of a member's house revenue (nowFee 50 % = 5000), and the percentage of its
-- parent's rate it was given (`parentsDistributePercent`; the server computes the rate from it).
ALTER TABLE users
  ADD COLUMN fee_rate_bps integer NOT NULL DEFAULT 0 CHECK (fee_rate_bps BETWEEN 0 AND 10000),
  ADD COLUMN parents_distribute_percent smallint NOT NULL DEFAULT 0 CHECK (parents_distribute_percent BETWEEN 0 AND 100),
  ADD CONSTRAINT users_not_own_referrer CHECK (referrer_id IS NULL OR referrer_id <> id);

-- One row per settled KST day: written in the transaction that writes the day's shares, so a day settles once.
CREATE TABLE partner_settlement_days (
  day date PRIMARY KEY,
  total bigint NOT NULL CHECK (total >= 0), -- micro-USDT moved to partner settlements payable
  settled_at timestamptz NOT NULL
);

-- Each partner's share of a settled day. share = floor(Σ (its rate − the rate below it on the chain) × revenue) in
-- micro-USDT, possibly negative; a negative result carries over against later days.
CREATE TABLE partner_settlements (
  partner_id bigint NOT NULL REFERENCES users (id),
  day date NOT NULL REFERENCES partner_settlement_days (day),
  rate_bps integer NOT NULL,
  revenue bigint NOT NULL,    -- house revenue of the partner's downline that day
  share bigint NOT NULL,      -- before carry-over
  carry_in bigint NOT NULL CHECK (carry_in <= 0),
  settlement bigint NOT NULL CHECK (settlement >= 0),
  carry_out bigint NOT NULL CHECK (carry_out <= 0),
  PRIMARY KEY (partner_id, day)
);

-- Applications to withdraw settled shares to the spot wallet: 1 applied, 2 approved (paid), 3 cancelled, 4 refused.
CREATE TABLE partner_settlement_withdrawals (
  no bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  partner_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
  reason text,
  decided_by bigint REFERENCES users (id),
  inserted_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX partner_settlement_withdrawals_partner_idx ON partner_settlement_withdrawals (partner_id, no DESC);
CREATE INDEX partner_settlement_withdrawals_status_idx ON partner_settlement_withdrawals (status, no);

-- Revenue of a day is read from the postings by time. BRIN: postings are appended in time order, and a BRIN index
-- costs the sequencer's COPY next to nothing (a B-tree on every posting would).
CREATE INDEX ledger_postings_created_at_brin ON ledger_postings USING brin (created_at);
