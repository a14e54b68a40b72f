-- The order list's figures by key (src/modules/cards/repo.ts `userOrderPageJson`): each row of
-- card_order_statuses also sums its cards' settlement_fen, and an index by order reads a page's
-- orders' rows, so a page's counts per status, passed and pending cards and settled amount come
-- from a few small rows instead of every card of every order on the page. Kept by the triggers of
-- migration 0033, which now also pass on an update that changes only a settlement amount.
ALTER TABLE "card_order_statuses" ADD COLUMN "settlement_fen" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "card_order_statuses_order_idx" ON "card_order_statuses" USING btree ("order_id");
--> statement-breakpoint
DROP FUNCTION card_order_statuses_apply(bigint[], smallint[], bigint[], integer[]);
--> statement-breakpoint
-- As in migration 0033, with the settlement amounts (p_fen) added to (or taken from) the rows.
CREATE FUNCTION card_order_statuses_apply(p_users bigint[], p_statuses smallint[], p_orders bigint[], p_cards integer[], p_fen bigint[])
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
END;
$$;
--> statement-breakpoint
-- As in migration 0033, with each group's settlement amount; an update that moves no card between
-- statuses and changes no amount (a credit, a channel reference) still changes nothing here.
CREATE OR REPLACE FUNCTION cards_track_order_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM card_order_statuses_apply(array_agg(user_id), array_agg(status), array_agg(order_id), array_agg(cards), array_agg(settlement_fen))
       FROM (SELECT user_id, status, order_id, count(*)::integer AS cards, coalesce(sum(settlement_fen), 0)::bigint AS settlement_fen
               FROM new_cards GROUP BY user_id, status, order_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM card_order_statuses_apply(array_agg(user_id), array_agg(status), array_agg(order_id), array_agg(cards), array_agg(settlement_fen))
       FROM (SELECT user_id, status, order_id, -count(*)::integer AS cards, -coalesce(sum(settlement_fen), 0)::bigint AS settlement_fen
               FROM old_cards GROUP BY user_id, status, order_id) d;
  ELSE
    PERFORM card_order_statuses_apply(array_agg(user_id), array_agg(status), array_agg(order_id), array_agg(cards), array_agg(settlement_fen))
       FROM (SELECT user_id, status, order_id, sum(cards)::integer AS cards, sum(settlement_fen)::bigint AS settlement_fen
               FROM (SELECT user_id, status, order_id, 1 AS cards, coalesce(settlement_fen, 0) AS settlement_fen FROM new_cards
                     UNION ALL SELECT user_id, status, order_id, -1, -coalesce(settlement_fen, 0) FROM old_cards) c
              GROUP BY user_id, status, order_id
             HAVING sum(cards) <> 0 OR sum(settlement_fen) <> 0) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION card_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE card_orders, cards IN SHARE MODE;
  TRUNCATE card_order_statuses, card_order_user_counts;
  INSERT INTO card_order_statuses (user_id, status, order_id, cards, settlement_fen)
    SELECT user_id, status, order_id, count(*)::integer, coalesce(sum(settlement_fen), 0) FROM cards GROUP BY user_id, status, order_id;
  INSERT INTO card_order_user_counts (user_id, status, orders)
    SELECT user_id, status, count(*)::integer FROM card_order_statuses GROUP BY user_id, status
    UNION ALL
    SELECT user_id, 999, count(*)::integer FROM card_orders GROUP BY user_id;
END;
$$;
--> statement-breakpoint
SELECT card_summaries_rebuild();
