-- The market's funding-rate history: one row per settlement, whoever held positions then (the users' own
-- settlements are in funding_payments). Keyed by symbol for the markets to come.
CREATE TABLE funding_rates (
  symbol text NOT NULL,
  time_ms bigint NOT NULL,
  rate_ppm integer NOT NULL,
  mark_price bigint NOT NULL CHECK (mark_price > 0),
  PRIMARY KEY (symbol, time_ms)
);
