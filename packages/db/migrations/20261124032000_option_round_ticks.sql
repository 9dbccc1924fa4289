-- The option round audit: each round's open and close index ticks, when each was taken, and the source quotes the
-- index was the median of, so anyone can check a result. Written once, after the round settled; never changed.
CREATE TABLE option_round_ticks (
  round_start_ms bigint PRIMARY KEY,
  open_price bigint CHECK (open_price > 0),
  open_at_ms bigint,
  open_sources jsonb NOT NULL DEFAULT '[]',
  close_price bigint CHECK (close_price > 0),
  close_at_ms bigint,
  close_sources jsonb NOT NULL DEFAULT '[]',
  recorded_at_ms bigint NOT NULL,
  CONSTRAINT option_round_ticks_open_whole CHECK ((open_price IS NULL) = (open_at_ms IS NULL)),
  CONSTRAINT option_round_ticks_close_whole CHECK ((close_price IS NULL) = (close_at_ms IS NULL))
);

CREATE FUNCTION option_round_ticks_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'option_round_ticks rows are written once';
END $$;
CREATE TRIGGER option_round_ticks_append_only BEFORE UPDATE OR DELETE ON option_round_ticks
  FOR EACH ROW EXECUTE FUNCTION option_round_ticks_unchanged();
