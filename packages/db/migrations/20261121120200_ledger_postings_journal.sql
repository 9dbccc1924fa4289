-- The postings journal is append-only, written by COPY in every batch, and never looked up by row: the bigserial
-- primary key cost a sequence call and a btree entry (with its own WAL record) per posting, about half the cost of
-- the hottest write. A posting is identified by its batch and its place in the batch instead; a BRIN index (a few
-- bytes per range of pages, kept up as rows are appended) finds a batch's postings.
ALTER TABLE ledger_postings ADD COLUMN seq integer;
ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_no_update_or_delete;
UPDATE ledger_postings AS p SET seq = numbered.seq
FROM (SELECT id, (row_number() OVER (PARTITION BY batch_id ORDER BY id) - 1)::integer AS seq FROM ledger_postings) AS numbered
WHERE p.id = numbered.id;
ALTER TABLE ledger_postings ENABLE TRIGGER ledger_postings_no_update_or_delete;
ALTER TABLE ledger_postings ALTER COLUMN seq SET NOT NULL;
ALTER TABLE ledger_postings DROP COLUMN id;
CREATE INDEX ledger_postings_by_batch ON ledger_postings USING brin (batch_id, seq);
