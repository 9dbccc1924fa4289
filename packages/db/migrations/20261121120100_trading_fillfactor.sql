-- Rows the sequencer updates in every batch (balances, positions, resting orders as they fill) keep free room on
-- their pages, so an update can write the new row version beside the old one (a HOT update: no index entries to add,
-- and the page is already dirty) instead of on a new page.
ALTER TABLE ledger_accounts SET (fillfactor = 50);
ALTER TABLE positions SET (fillfactor = 70);
ALTER TABLE orders SET (fillfactor = 85);
