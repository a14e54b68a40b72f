-- Each order's entry on the order list, written once where its figures are (src/modules/cards/repo.ts
-- `userOrderPageJson`): a page of a user's orders is then ten rows of card_order_summaries read by
-- (user, order), where it joined each order's row, its card type and its figures and wrote every
-- field as JSON per call. The entry is the order as the list sends it but for what the page adds
-- (its card type's name and logo, in the page's language and as they are now, and the cards matching
-- a filter). Every order has a row now, from its insert on, with or without cards; the rows follow
-- the order's own changes (its shipment) as they follow its cards'.
ALTER TABLE "card_order_summaries" ADD COLUMN "user_id" bigint;
--> statement-breakpoint
ALTER TABLE "card_order_summaries" ADD COLUMN "card_type_id" bigint;
--> statement-breakpoint
ALTER TABLE "card_order_summaries" ADD COLUMN "entry" text;
--> statement-breakpoint
-- The touched orders' rows made anew from card_order_statuses and card_orders. The rows are locked
-- first, in order id order, and only then written, in a statement of its own: that statement's
-- snapshot holds every change committed by a transaction that held one of these rows before, so of
-- two transactions changing one order (cards moving between different statuses, or its cards and
-- its shipment), the later one writes the earlier one's change too. In progress are the statuses of
-- cardStatusesInProgress (packages/shared/src/enums.ts): unreviewed (0), abnormal (5) and under
-- appeal (4); passed is 1. The entry follows view.ts's toOrder: expectedFen is applyRateBp
-- (money.ts, 10000 basis points, truncated) per card, times its cards; times as toISOString writes them.
CREATE OR REPLACE FUNCTION card_order_summaries_refresh(p_orders bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_order_summaries (order_id, user_id, card_type_id, status_counts, passed, pending, settled_fen, entry)
    SELECT o.id, o.user_id, o.card_type_id, '[]'::json, 0, 0, 0, '{}' FROM card_orders o WHERE o.id = ANY (p_orders) ORDER BY o.id
    ON CONFLICT (order_id) DO NOTHING;
  PERFORM 1 FROM card_order_summaries m WHERE m.order_id = ANY (p_orders) ORDER BY m.order_id FOR UPDATE;
  UPDATE card_order_summaries m
     SET user_id = o.user_id, card_type_id = o.card_type_id, status_counts = k.status_counts, passed = k.passed, pending = k.pending, settled_fen = k.settled_fen,
         entry = (
           SELECT row_to_json(e)::text FROM (
             SELECT o.id, o.order_no AS "orderNo", o.card_type_id AS "goodsId", o.face_value_fen AS "faceValueFen", o.rate_bp AS "rateBp",
                    o.card_count AS "cardCount", k.passed AS "passedCount", k.pending AS "pendingCount",
                    o.card_count * ((o.face_value_fen * o.rate_bp) / 10000) AS "expectedFen", k.settled_fen AS "settledFen",
                    o.physical, o.shipment_status AS "shipmentStatus",
                    to_char(o.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "receivedAt",
                    to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
                    k.status_counts AS "statusCounts"
           ) e
         )
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
    JOIN card_orders o ON o.id = k.order_id
   WHERE m.order_id = k.order_id;
END;
$$;
--> statement-breakpoint
-- An order's row from its insert (its cards, inserted next, write it again), and gone with it.
CREATE FUNCTION card_orders_track_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM card_order_summaries_refresh(array(SELECT id FROM new_orders));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM card_order_summaries_refresh(ARRAY[NEW.id]);
  ELSE
    DELETE FROM card_order_summaries m USING old_orders d WHERE m.order_id = d.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER card_orders_summaries_insert AFTER INSERT ON "card_orders" REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION card_orders_track_summaries();
--> statement-breakpoint
-- Per row: a trigger on some columns only cannot see the statement's rows as a table. The order's
-- fields the entry holds; an order's shipment is the one that changes.
CREATE TRIGGER card_orders_summaries_update AFTER UPDATE OF order_no, user_id, card_type_id, face_value_fen, rate_bp, card_count,
  physical, shipment_status, received_at, created_at ON "card_orders"
  FOR EACH ROW
  WHEN ((OLD.order_no, OLD.user_id, OLD.card_type_id, OLD.face_value_fen, OLD.rate_bp, OLD.card_count, OLD.physical, OLD.shipment_status, OLD.received_at, OLD.created_at)
        IS DISTINCT FROM
        (NEW.order_no, NEW.user_id, NEW.card_type_id, NEW.face_value_fen, NEW.rate_bp, NEW.card_count, NEW.physical, NEW.shipment_status, NEW.received_at, NEW.created_at))
  EXECUTE FUNCTION card_orders_track_summaries();
--> statement-breakpoint
CREATE TRIGGER card_orders_summaries_delete AFTER DELETE ON "card_orders" REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION card_orders_track_summaries();
--> statement-breakpoint
-- As in migration 0035, every order's row written, not only those of orders with cards.
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
  -- Written by the triggers' own function, so the figures' and the entry's rules are written once.
  PERFORM card_order_summaries_refresh(array(SELECT id FROM card_orders));
END;
$$;
--> statement-breakpoint
SELECT card_summaries_rebuild();
--> statement-breakpoint
ALTER TABLE "card_order_summaries" ALTER COLUMN "user_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "card_order_summaries" ALTER COLUMN "card_type_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "card_order_summaries" ALTER COLUMN "entry" SET NOT NULL;
--> statement-breakpoint
-- A page of a user's orders, newest first: ten rows of this index walked backwards.
CREATE INDEX "card_order_summaries_user_idx" ON "card_order_summaries" USING btree ("user_id", "order_id");
