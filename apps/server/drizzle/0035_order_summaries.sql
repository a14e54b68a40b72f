-- Each order's figures as one row (src/modules/cards/repo.ts `userOrderPageJson`): its count of
-- cards per status as the list sends it, its passed and in-progress cards and its settled amount,
-- so a page of the order list reads ten rows by key instead of aggregating each order's rows of
-- card_order_statuses. Kept from those rows by the function the triggers of migrations 0033 and
-- 0034 call, in the transaction that changes the cards.
CREATE TABLE "card_order_summaries" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"status_counts" json NOT NULL,
	"passed" integer NOT NULL,
	"pending" integer NOT NULL,
	"settled_fen" bigint NOT NULL
);
--> statement-breakpoint
-- The touched orders' rows made anew from card_order_statuses. The rows are locked first, in order
-- id order, and only then summed, in a statement of its own: that statement's snapshot holds every
-- change committed by a transaction that held one of these rows before, so of two transactions
-- moving cards of one order between different statuses, the later one sums the earlier one's rows
-- too. In progress are the statuses of cardStatusesInProgress (packages/shared/src/enums.ts):
-- unreviewed (0), abnormal (5) and under appeal (4); passed is 1.
CREATE FUNCTION card_order_summaries_refresh(p_orders bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_order_summaries (order_id, status_counts, passed, pending, settled_fen)
    SELECT o, '[]'::json, 0, 0, 0 FROM (SELECT DISTINCT unnest(p_orders) AS o) d ORDER BY 1
    ON CONFLICT (order_id) DO NOTHING;
  PERFORM 1 FROM card_order_summaries m WHERE m.order_id = ANY (p_orders) ORDER BY m.order_id FOR UPDATE;
  UPDATE card_order_summaries m
     SET status_counts = k.status_counts, passed = k.passed, pending = k.pending, settled_fen = k.settled_fen
    FROM (
      SELECT m2.order_id,
             coalesce(json_agg(json_build_object('status', s.status, 'count', s.cards) ORDER BY s.status) FILTER (WHERE s.cards > 0), '[]'::json) AS status_counts,
             coalesce(sum(s.cards) FILTER (WHERE s.status = 1), 0)::integer AS passed,
             coalesce(sum(s.cards) FILTER (WHERE s.status IN (0, 5, 4)), 0)::integer AS pending,
             coalesce(sum(s.settlement_fen) FILTER (WHERE s.status = 1), 0)::bigint AS settled_fen
        FROM card_order_summaries m2
        LEFT JOIN card_order_statuses s ON s.order_id = m2.order_id
       WHERE m2.order_id = ANY (p_orders)
       GROUP BY m2.order_id
    ) k
   WHERE m.order_id = k.order_id;
  -- An order left with no cards (its cards deleted) has no figures, as after a rebuild.
  DELETE FROM card_order_summaries m WHERE m.order_id = ANY (p_orders) AND json_array_length(m.status_counts) = 0;
END;
$$;
--> statement-breakpoint
-- As in migration 0034, with the touched orders' summaries made anew last.
CREATE OR REPLACE FUNCTION card_order_statuses_apply(p_users bigint[], p_statuses smallint[], p_orders bigint[], p_cards integer[], p_fen bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_users bigint[];
  v_statuses smallint[];
  v_orders integer[];
  v_negative boolean;
BEGIN
  IF p_users IS NULL THEN
    RETURN;
  END IF;
  WITH d AS (
    SELECT * FROM unnest(p_users, p_statuses, p_orders, p_cards, p_fen) AS d(user_id, status, order_id, cards, settlement_fen)
  ), changed AS (
    INSERT INTO card_order_statuses AS s (user_id, status, order_id, cards, settlement_fen)
      SELECT user_id, status, order_id, cards, settlement_fen FROM d ORDER BY user_id, status, order_id
      ON CONFLICT (user_id, status, order_id) DO UPDATE SET cards = s.cards + excluded.cards, settlement_fen = s.settlement_fen + excluded.settlement_fen
      RETURNING s.user_id, s.status, s.order_id, s.cards
  ), moved AS (
    -- Empty rows never outlive this function, so a row holding exactly the cards just added is new
    -- (a row whose count did not change, only its amount, is neither).
    SELECT c.user_id, c.status,
           sum(CASE WHEN d.cards = 0 THEN 0 WHEN c.cards = 0 THEN -1 WHEN c.cards = d.cards THEN 1 ELSE 0 END)::integer AS orders,
           bool_or(c.cards < 0) AS negative
      FROM changed c JOIN d USING (user_id, status, order_id)
     GROUP BY c.user_id, c.status
  )
  SELECT array_agg(user_id ORDER BY user_id, status) FILTER (WHERE orders <> 0),
         array_agg(status ORDER BY user_id, status) FILTER (WHERE orders <> 0),
         array_agg(orders ORDER BY user_id, status) FILTER (WHERE orders <> 0),
         bool_or(negative)
    INTO v_users, v_statuses, v_orders, v_negative
    FROM moved;
  IF v_negative THEN
    RAISE EXCEPTION 'card_order_statuses holds fewer cards than were taken from it: run card_summaries_rebuild()';
  END IF;
  IF v_users IS NOT NULL THEN
    WITH counted AS (
      INSERT INTO card_order_user_counts AS u (user_id, status, orders)
        SELECT * FROM unnest(v_users, v_statuses, v_orders) ORDER BY 1, 2
        ON CONFLICT (user_id, status) DO UPDATE SET orders = u.orders + excluded.orders
        RETURNING u.orders
    )
    SELECT bool_or(orders < 0) INTO v_negative FROM counted;
    IF v_negative THEN
      RAISE EXCEPTION 'card_order_user_counts counts fewer orders than were taken from it: run card_summaries_rebuild()';
    END IF;
    DELETE FROM card_order_statuses s
     USING unnest(p_users, p_statuses, p_orders) AS d(user_id, status, order_id)
     WHERE s.user_id = d.user_id AND s.status = d.status AND s.order_id = d.order_id AND s.cards = 0;
  END IF;
  PERFORM card_order_summaries_refresh(p_orders);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION card_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE card_orders, cards IN SHARE MODE;
  TRUNCATE card_order_statuses, card_order_user_counts, card_order_summaries;
  INSERT INTO card_order_statuses (user_id, status, order_id, cards, settlement_fen)
    SELECT user_id, status, order_id, count(*)::integer, coalesce(sum(settlement_fen), 0) FROM cards GROUP BY user_id, status, order_id;
  INSERT INTO card_order_user_counts (user_id, status, orders)
    SELECT user_id, status, count(*)::integer FROM card_order_statuses GROUP BY user_id, status
    UNION ALL
    SELECT user_id, 999, count(*)::integer FROM card_orders GROUP BY user_id;
  -- Summed by the triggers' own function, so the figures' rules are written once.
  PERFORM card_order_summaries_refresh(array(SELECT DISTINCT order_id FROM card_order_statuses));
END;
$$;
--> statement-breakpoint
SELECT card_summaries_rebuild();
