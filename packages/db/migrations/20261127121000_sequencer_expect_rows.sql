-- A batch's UPDATE of rows it believes stored checks its row count inside PostgreSQL (#30): the batch's writes and
-- its COMMIT leave in one simple-protocol message, so a missing row must fail the statement itself for the rest of
-- the message (COMMIT included) not to run. Used as
-- `WITH changed AS (UPDATE ... RETURNING 1) SELECT sequencer_expect_rows((SELECT count(*) FROM changed), n, 'orders')`.
CREATE FUNCTION sequencer_expect_rows(stored bigint, expected bigint, what text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF stored <> expected THEN
    RAISE EXCEPTION '% of % % are not stored', expected - stored, expected, what;
  END IF;
END
$$;
