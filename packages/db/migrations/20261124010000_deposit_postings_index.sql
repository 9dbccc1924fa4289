-- The engine credits a chain deposit once per deposit key and restores the keys it has seen from the postings
-- (`ref` = 'deposit:<key>', kinds 'deposit' and 'deposit_reversal'). Deposits are a sliver of the journal: a partial
-- index finds them without scanning it, and costs the hot trading postings nothing but the predicate check.
-- The user's deposit debt after a reversal they had already spent is a house row per user in `house_balances`
-- ('house:deposit_debt:<id>', negative while owed), so `ledger_accounts` shows it with no new column.
CREATE INDEX ledger_postings_deposits ON ledger_postings (ref) WHERE kind IN ('deposit', 'deposit_reversal');
