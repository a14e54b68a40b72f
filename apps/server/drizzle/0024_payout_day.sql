ALTER TABLE "withdrawals" ADD COLUMN "payout_day" date;--> statement-breakpoint
UPDATE "withdrawals" SET "payout_day" = ("created_at" AT TIME ZONE 'Asia/Shanghai')::date;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "payout_day" SET DEFAULT (now() AT TIME ZONE 'Asia/Shanghai')::date;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "payout_day" SET NOT NULL;--> statement-breakpoint
-- The running totals of 0016 and 0020 booked a withdrawal on the business day of its creation,
-- while the user's limit was checked against the day of the check: a withdrawal created one day
-- and retried the next was weighed against today's total but booked on yesterday's. A withdrawal
-- is now booked on its payout day (`payout_day`, Beijing): the day it was last put up for
-- automatic payout, at creation or retry, which is the day both limits weigh it against
-- (src/modules/withdrawals/limitService.ts). The backfill above keeps every running total as it was.
CREATE OR REPLACE FUNCTION count_automatic_payout() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_user boolean := TG_OP <> 'INSERT' AND OLD.approvals_required = 0 AND OLD.status <> 2;
  new_user boolean := TG_OP <> 'DELETE' AND NEW.approvals_required = 0 AND NEW.status <> 2;
  old_platform boolean := old_user AND NOT OLD.platform_limit_pending;
  new_platform boolean := new_user AND NOT NEW.platform_limit_pending;
BEGIN
  IF TG_OP = 'UPDATE' AND old_user = new_user AND old_platform = new_platform AND (NOT new_user OR (OLD.amount_fen = NEW.amount_fen
      AND OLD.user_id = NEW.user_id AND OLD.payout_day = NEW.payout_day)) THEN
    RETURN NULL;
  END IF;
  IF old_user THEN
    PERFORM add_automatic_payout(OLD.payout_day, OLD.user_id, -OLD.amount_fen, old_platform);
  END IF;
  IF new_user THEN
    PERFORM add_automatic_payout(NEW.payout_day, NEW.user_id, NEW.amount_fen, new_platform);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER withdrawals_automatic_payouts ON "withdrawals";
--> statement-breakpoint
CREATE TRIGGER withdrawals_automatic_payouts AFTER INSERT OR DELETE OR UPDATE OF approvals_required, status, amount_fen, user_id, payout_day, platform_limit_pending
  ON "withdrawals" FOR EACH ROW EXECUTE FUNCTION count_automatic_payout();
