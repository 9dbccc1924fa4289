-- The sequencer now stores liquidation, TP/SL and option-result alarms in its batch transaction, next to the other
-- trading rows, which name users by id without a foreign key: a constraint here would let a notice fail a whole batch
-- of money movements. Users are never deleted, so nothing is lost by dropping it.
ALTER TABLE alarms DROP CONSTRAINT alarms_user_id_fkey;
