-- Partners' on-chain withdrawals from the spot wallet (/withdraw/registerWithdrawManager) go through the same
-- withdrawal pipeline, marked for the daily batch at 22:00 KST that approves them.
ALTER TABLE withdrawals ADD COLUMN batch boolean NOT NULL DEFAULT false;

-- A settlement application an operator approved is paid to the spot wallet through the ledger once; `paid` says the
-- ledger step happened (a crash between the two is finished by the next close job).
ALTER TABLE partner_settlement_withdrawals ADD COLUMN paid boolean NOT NULL DEFAULT false;
