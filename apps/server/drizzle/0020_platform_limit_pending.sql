ALTER TABLE "withdrawals" ADD COLUMN "platform_limit_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The running totals of 0016, with the platform's part split off: a withdrawal counts for its
-- user while it needs no approval and has not failed, and for the platform only once the payout
-- job has weighed it against the day's platform-wide limit (`platform_limit_pending` false), so a
-- creation changes its user's row only and never waits on the platform-wide one.
CREATE OR REPLACE FUNCTION count_automatic_payout() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_user boolean := TG_OP <> 'INSERT' AND OLD.approvals_required = 0 AND OLD.status <> 2;
  new_user boolean := TG_OP <> 'DELETE' AND NEW.approvals_required = 0 AND NEW.status <> 2;
  old_platform boolean := old_user AND NOT OLD.platform_limit_pending;
  new_platform boolean := new_user AND NOT NEW.platform_limit_pending;
BEGIN
  IF TG_OP = 'UPDATE' AND old_user = new_user AND old_platform = new_platform AND (NOT new_user OR (OLD.amount_fen = NEW.amount_fen
      AND OLD.user_id = NEW.user_id AND OLD.created_at = NEW.created_at)) THEN
    RETURN NULL;
  END IF;
  IF old_user THEN
    PERFORM add_automatic_payout((OLD.created_at AT TIME ZONE 'Asia/Shanghai')::date, OLD.user_id, -OLD.amount_fen, old_platform);
  END IF;
  IF new_user THEN
    PERFORM add_automatic_payout((NEW.created_at AT TIME ZONE 'Asia/Shanghai')::date, NEW.user_id, NEW.amount_fen, new_platform);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION add_automatic_payout(on_day date, payer bigint, fen bigint, platform boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO automatic_payout_user_days (day, user_id, amount_fen) VALUES (on_day, payer, fen)
    ON CONFLICT (day, user_id) DO UPDATE SET amount_fen = automatic_payout_user_days.amount_fen + EXCLUDED.amount_fen;
  IF platform THEN
    INSERT INTO automatic_payout_days (day, amount_fen) VALUES (on_day, fen)
      ON CONFLICT (day) DO UPDATE SET amount_fen = automatic_payout_days.amount_fen + EXCLUDED.amount_fen;
  END IF;
END;
$$;
--> statement-breakpoint
DROP FUNCTION add_automatic_payout(date, bigint, bigint);
--> statement-breakpoint
DROP TRIGGER withdrawals_automatic_payouts ON "withdrawals";
--> statement-breakpoint
CREATE TRIGGER withdrawals_automatic_payouts AFTER INSERT OR DELETE OR UPDATE OF approvals_required, status, amount_fen, user_id, created_at, platform_limit_pending
  ON "withdrawals" FOR EACH ROW EXECUTE FUNCTION count_automatic_payout();
