-- A user's order list by key (src/modules/cards/repo.ts `userOrderPageJson`). One row per order
-- and card status the order holds, with how many of its cards are in it: the page of "a user's
-- orders having a card in this status, newest first" is a backward walk of the primary key, with
-- no sort and no scan of the user's cards. Derived from `cards` by the triggers below.
CREATE TABLE "card_order_statuses" (
	"user_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"order_id" bigint NOT NULL,
	"cards" integer NOT NULL,
	CONSTRAINT "card_order_statuses_user_id_status_order_id_pk" PRIMARY KEY("user_id","status","order_id")
);
--> statement-breakpoint
-- The list's `total` on every page: per user and card status, how many orders hold a card in it;
-- status 999 (FILTER_ALL in packages/shared/src/enums.ts) counts all the user's orders. Kept in the
-- transaction that changes the cards, so it never needs a count over them.
CREATE TABLE "card_order_user_counts" (
	"user_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "card_order_user_counts_user_id_status_pk" PRIMARY KEY("user_id","status")
);
--> statement-breakpoint
-- Adds cards to (or, negative, takes them from) orders' status rows: one element per (user, status,
-- order), summed already. Rows are touched in key order, status rows before counters, so two
-- changes of one user's cards wait for each other instead of deadlocking. A status row that comes
-- to hold cards counts its order in, one left empty counts it out and goes. A count below zero
-- means the rows drifted from the cards, and fails the statement (no CHECK can say it: PostgreSQL
-- checks an upsert's proposed row, a negative delta, before it finds the conflict).
CREATE FUNCTION card_order_statuses_apply(p_users bigint[], p_statuses smallint[], p_orders bigint[], p_cards integer[])
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
    SELECT * FROM unnest(p_users, p_statuses, p_orders, p_cards) AS d(user_id, status, order_id, cards)
  ), changed AS (
    INSERT INTO card_order_statuses AS s (user_id, status, order_id, cards)
      SELECT user_id, status, order_id, cards FROM d ORDER BY user_id, status, order_id
      ON CONFLICT (user_id, status, order_id) DO UPDATE SET cards = s.cards + excluded.cards
      RETURNING s.user_id, s.status, s.order_id, s.cards
  ), moved AS (
    -- Empty rows never outlive this function, so a row holding exactly the cards just added is new.
    SELECT c.user_id, c.status, sum(CASE WHEN c.cards = 0 THEN -1 WHEN c.cards = d.cards THEN 1 ELSE 0 END)::integer AS orders,
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
-- Once per statement, with the statement's rows (a 1,000-card batch is one aggregate, not 1,000
-- calls). An update that moves no card between statuses (a credit, a channel reference) changes
-- nothing here.
CREATE FUNCTION cards_track_order_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM card_order_statuses_apply(array_agg(user_id), array_agg(status), array_agg(order_id), array_agg(cards))
       FROM (SELECT user_id, status, order_id, count(*)::integer AS cards FROM new_cards GROUP BY user_id, status, order_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM card_order_statuses_apply(array_agg(user_id), array_agg(status), array_agg(order_id), array_agg(cards))
       FROM (SELECT user_id, status, order_id, -count(*)::integer AS cards FROM old_cards GROUP BY user_id, status, order_id) d;
  ELSE
    PERFORM card_order_statuses_apply(array_agg(user_id), array_agg(status), array_agg(order_id), array_agg(cards))
       FROM (SELECT user_id, status, order_id, sum(cards)::integer AS cards
               FROM (SELECT user_id, status, order_id, 1 AS cards FROM new_cards
                     UNION ALL SELECT user_id, status, order_id, -1 FROM old_cards) c
              GROUP BY user_id, status, order_id
             HAVING sum(cards) <> 0) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cards_order_statuses_insert AFTER INSERT ON "cards" REFERENCING NEW TABLE AS new_cards
  FOR EACH STATEMENT EXECUTE FUNCTION cards_track_order_statuses();
--> statement-breakpoint
CREATE TRIGGER cards_order_statuses_update AFTER UPDATE ON "cards" REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards
  FOR EACH STATEMENT EXECUTE FUNCTION cards_track_order_statuses();
--> statement-breakpoint
CREATE TRIGGER cards_order_statuses_delete AFTER DELETE ON "cards" REFERENCING OLD TABLE AS old_cards
  FOR EACH STATEMENT EXECUTE FUNCTION cards_track_order_statuses();
--> statement-breakpoint
-- Every order of a user counts under 999, whatever its cards.
CREATE FUNCTION card_orders_count_per_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO card_order_user_counts AS u (user_id, status, orders)
      SELECT user_id, 999, count(*)::integer FROM new_orders GROUP BY user_id ORDER BY user_id
      ON CONFLICT (user_id, status) DO UPDATE SET orders = u.orders + excluded.orders;
  ELSE
    INSERT INTO card_order_user_counts AS u (user_id, status, orders)
      SELECT user_id, 999, -count(*)::integer FROM old_orders GROUP BY user_id ORDER BY user_id
      ON CONFLICT (user_id, status) DO UPDATE SET orders = u.orders + excluded.orders;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER card_orders_count_insert AFTER INSERT ON "card_orders" REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION card_orders_count_per_user();
--> statement-breakpoint
CREATE TRIGGER card_orders_count_delete AFTER DELETE ON "card_orders" REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION card_orders_count_per_user();
--> statement-breakpoint
-- Both tables again from the cards and orders, while their writers wait: the backfill here, and
-- the repair after a bulk load that ran with the triggers off (scripts/bench/seedCards.ts).
CREATE FUNCTION card_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE card_orders, cards IN SHARE MODE;
  TRUNCATE card_order_statuses, card_order_user_counts;
  INSERT INTO card_order_statuses (user_id, status, order_id, cards)
    SELECT user_id, status, order_id, count(*)::integer FROM cards GROUP BY user_id, status, order_id;
  INSERT INTO card_order_user_counts (user_id, status, orders)
    SELECT user_id, status, count(*)::integer FROM card_order_statuses GROUP BY user_id, status
    UNION ALL
    SELECT user_id, 999, count(*)::integer FROM card_orders GROUP BY user_id;
END;
$$;
--> statement-breakpoint
SELECT card_summaries_rebuild();
