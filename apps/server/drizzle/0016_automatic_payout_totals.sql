CREATE TABLE "automatic_payout_days" (
	"day" date PRIMARY KEY NOT NULL,
	"amount_fen" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automatic_payout_user_days" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	CONSTRAINT "automatic_payout_user_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "automatic_payout_user_days" ADD CONSTRAINT "automatic_payout_user_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The running totals of automatic payouts (src/db/schema/withdrawals.ts): a withdrawal counts
-- while it needs no approval and has not failed (status 2), on the Beijing business day of its
-- creation (BUSINESS_TIME_ZONE of src/lib/businessTime.ts). Every change of a withdrawal takes
-- its old contribution out and puts its new one in, in the same transaction, whichever path made
-- it (creation, payout outcome, refusal, retry, a hand-written fix).
CREATE FUNCTION count_automatic_payout() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := TG_OP <> 'INSERT' AND OLD.approvals_required = 0 AND OLD.status <> 2;
  new_counts boolean := TG_OP <> 'DELETE' AND NEW.approvals_required = 0 AND NEW.status <> 2;
BEGIN
  IF TG_OP = 'UPDATE' AND old_counts = new_counts AND (NOT new_counts OR (OLD.amount_fen = NEW.amount_fen
      AND OLD.user_id = NEW.user_id AND OLD.created_at = NEW.created_at)) THEN
    RETURN NULL;
  END IF;
  IF old_counts THEN
    PERFORM add_automatic_payout((OLD.created_at AT TIME ZONE 'Asia/Shanghai')::date, OLD.user_id, -OLD.amount_fen);
  END IF;
  IF new_counts THEN
    PERFORM add_automatic_payout((NEW.created_at AT TIME ZONE 'Asia/Shanghai')::date, NEW.user_id, NEW.amount_fen);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION add_automatic_payout(on_day date, payer bigint, fen bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO automatic_payout_user_days (day, user_id, amount_fen) VALUES (on_day, payer, fen)
    ON CONFLICT (day, user_id) DO UPDATE SET amount_fen = automatic_payout_user_days.amount_fen + EXCLUDED.amount_fen;
  INSERT INTO automatic_payout_days (day, amount_fen) VALUES (on_day, fen)
    ON CONFLICT (day) DO UPDATE SET amount_fen = automatic_payout_days.amount_fen + EXCLUDED.amount_fen;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_automatic_payouts AFTER INSERT OR DELETE OR UPDATE OF approvals_required, status, amount_fen, user_id, created_at
  ON "withdrawals" FOR EACH ROW EXECUTE FUNCTION count_automatic_payout();
--> statement-breakpoint
INSERT INTO automatic_payout_user_days (day, user_id, amount_fen)
  SELECT (created_at AT TIME ZONE 'Asia/Shanghai')::date, user_id, sum(amount_fen) FROM withdrawals
  WHERE approvals_required = 0 AND status <> 2 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO automatic_payout_days (day, amount_fen)
  SELECT day, sum(amount_fen) FROM automatic_payout_user_days GROUP BY day;
