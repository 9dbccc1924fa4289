-- Order History shows the limit orders that were cancelled (by the user, or by a close or TP/SL, which cancel the
-- resting orders), newest first (#28 item 12). A partial index: open orders (every new order's insert) are not in it,
-- so the sequencer's COPY of new orders pays nothing; an order enters it when it is cancelled.
CREATE INDEX orders_user_cancelled_idx ON orders (user_id, updated_at_ms DESC) WHERE status = 'cancelled' AND order_path = 1;
