-- The sequencer's fencing step and its COMMIT leave in one round trip (#30): `SELECT sequencer_advance(n); COMMIT`.
-- The function moves the state row from batch n - 1 to n, or raises TL409 when another writer stored a batch since;
-- an error ends the rest of that query string, so COMMIT then never runs and the caller rolls back.
CREATE FUNCTION sequencer_advance(batch_id bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sequencer_state SET last_batch_id = batch_id WHERE id = 1 AND last_batch_id = batch_id - 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'batch % is no longer the last one stored', batch_id - 1 USING ERRCODE = 'TL409';
  END IF;
END
$$;
