-- A user's open withdrawals (withdrawal_open() of migration 0036) as a count kept beside them, so
-- a creation weighs WITHDRAWAL_MAX_OPEN by reading one row. Counted from their index before, a
-- creation read every open withdrawal of the user, up to the limit: one read per open withdrawal
-- for an operator who allows many at once.
CREATE TABLE "withdrawal_open_counts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"open" integer NOT NULL,
	CONSTRAINT "withdrawal_open_counts_not_negative" CHECK ("open" >= 0)
);
--> statement-breakpoint
ALTER TABLE "withdrawal_open_counts" ADD CONSTRAINT "withdrawal_open_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "withdrawal_open_counts" ("user_id", "open")
  SELECT w.user_id, count(*) FROM withdrawals w WHERE withdrawal_open(w.status) GROUP BY w.user_id;
--> statement-breakpoint
-- The count follows each withdrawal that opens or closes, in the transaction that moves it. Every
-- one of those transactions locks the user's ledger accounts first (a creation, maika_extract
-- below; a hold placed again or resolved, src/modules/withdrawals/adminService.ts and
-- payoutService.ts, which write the status after the hold), so a creation reading the count under
-- those locks reads it exact, and the count's row is always locked after the accounts, never before.
CREATE FUNCTION count_open_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_open boolean := TG_OP <> 'INSERT' AND withdrawal_open(OLD.status);
  is_open boolean := TG_OP <> 'DELETE' AND withdrawal_open(NEW.status);
BEGIN
  IF TG_OP = 'UPDATE' AND was_open = is_open AND OLD.user_id = NEW.user_id THEN
    RETURN NULL;
  END IF;
  IF was_open THEN
    UPDATE withdrawal_open_counts c SET open = c.open - 1 WHERE c.user_id = OLD.user_id;
  END IF;
  IF is_open THEN
    INSERT INTO withdrawal_open_counts AS c (user_id, open) VALUES (NEW.user_id, 1)
      ON CONFLICT (user_id) DO UPDATE SET open = c.open + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_open_count AFTER INSERT OR DELETE OR UPDATE OF status, user_id ON "withdrawals"
  FOR EACH ROW EXECUTE FUNCTION count_open_withdrawal();
--> statement-breakpoint
-- Read by nothing now: the count is.
DROP INDEX "withdrawals_open_user_idx";
--> statement-breakpoint
-- Migration 0036's maika_extract (and 0031's comment on what it decides), restated whole as PL/pgSQL
-- must be, with one change: the open withdrawals are weighed by their count.
CREATE OR REPLACE FUNCTION maika_extract(
  p_user bigint, p_key text, p_channel smallint, p_payee bigint, p_amount bigint, p_order_no text,
  p_wechat boolean, p_account_enc bytea, p_account_masked text,
  p_max_open integer, p_second_approval_fen bigint, p_user_daily_fen bigint, p_payout_queue text)
RETURNS TABLE (
  code text, available_fen bigint, fee_fen bigint, min_fen bigint, max_fen bigint,
  id bigint, order_no text, amount_fen bigint, channel smallint, payee_name_masked text, payee_account_masked text,
  status smallint, approved_at timestamptz, fail_reason text, fail_reason_key text, fail_reason_params jsonb,
  package_info text, created_at timestamptz, paid_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_verified boolean;
  v_openid text;
  v_account record;
  v_available_id bigint;
  v_held_id bigint;
  v_available bigint := 0;
  v_w withdrawals%ROWTYPE;
  v_channel withdrawal_channels%ROWTYPE;
  v_payee payees%ROWTYPE;
  v_fee bigint;
  v_id bigint;
  v_transfer bigint;
  v_approvals smallint;
  v_approved timestamptz;
  v_pending boolean := false;
  v_day date := (now() AT TIME ZONE 'Asia/Shanghai')::date;
  v_day_total bigint;
BEGIN
  SELECT u.id_num_enc IS NOT NULL AND u.real_name_enc IS NOT NULL, u.wechat_openid INTO v_verified, v_openid
    FROM users u WHERE u.id = p_user;
  IF NOT coalesce(v_verified, false) THEN
    code := 'real_name_required';
    RETURN NEXT;
    RETURN;
  END IF;

  FOR v_account IN SELECT a.id, a.kind, a.balance_fen FROM ledger_accounts a
      WHERE a.user_id = p_user AND a.kind IN ('user_available', 'user_held') ORDER BY a.id FOR UPDATE LOOP
    IF v_account.kind = 'user_available' THEN
      v_available_id := v_account.id;
      v_available := v_account.balance_fen;
    ELSE
      v_held_id := v_account.id;
    END IF;
  END LOOP;

  SELECT * INTO v_w FROM withdrawals w WHERE w.user_id = p_user AND w.idempotency_key = p_key;
  IF FOUND THEN
    IF v_w.amount_fen <> p_amount OR v_w.channel <> p_channel OR v_w.payee_id IS DISTINCT FROM p_payee THEN
      code := 'key_reused';
      RETURN NEXT;
      RETURN;
    END IF;
    code := 'repeat';
  ELSE
    SELECT * INTO v_channel FROM withdrawal_channels c WHERE c.channel = p_channel;
    IF NOT FOUND OR NOT v_channel.enabled THEN
      code := 'channel_disabled';
      RETURN NEXT;
      RETURN;
    END IF;
    SELECT * INTO v_payee FROM payees p WHERE p.id = p_payee AND p.user_id = p_user;
    IF NOT FOUND THEN
      code := 'payee_not_found';
      RETURN NEXT;
      RETURN;
    END IF;
    IF v_payee.channel <> p_channel THEN
      code := 'payee_channel_mismatch';
      RETURN NEXT;
      RETURN;
    END IF;
    IF p_wechat AND (v_openid IS NULL OR p_account_enc IS NULL) THEN
      code := 'wechat_not_linked';
      RETURN NEXT;
      RETURN;
    END IF;
    IF p_amount < v_channel.min_fen THEN
      code := 'below_minimum';
      min_fen := v_channel.min_fen;
      RETURN NEXT;
      RETURN;
    END IF;
    v_fee := CASE WHEN v_channel.fee_bp = 0 AND v_channel.fee_min_fen = 0 THEN 0
      ELSE greatest(v_channel.fee_min_fen, div(p_amount::numeric * v_channel.fee_bp + 9999, 10000)::bigint) END;
    IF v_available < p_amount + v_fee THEN
      code := 'insufficient';
      available_fen := v_available;
      fee_fen := v_fee;
      RETURN NEXT;
      RETURN;
    END IF;
    -- After the balance: above both, lowering to the maximum would still fail, and the balance is what to say.
    IF p_amount > v_channel.max_fen THEN
      code := 'above_maximum';
      max_fen := v_channel.max_fen;
      RETURN NEXT;
      RETURN;
    END IF;
    IF coalesce((SELECT c.open FROM withdrawal_open_counts c WHERE c.user_id = p_user), 0) >= p_max_open THEN
      code := 'already_open';
      RETURN NEXT;
      RETURN;
    END IF;

    -- The held account is made with the available one; only a process stopped between the two leaves it missing.
    IF v_held_id IS NULL THEN
      INSERT INTO ledger_accounts (kind, user_id) VALUES ('user_held', p_user)
        ON CONFLICT ON CONSTRAINT ledger_accounts_kind_user_key DO NOTHING RETURNING ledger_accounts.id INTO v_held_id;
      IF v_held_id IS NULL THEN
        SELECT a.id INTO v_held_id FROM ledger_accounts a WHERE a.kind = 'user_held' AND a.user_id = p_user FOR UPDATE;
      END IF;
    END IF;
    v_id := nextval('withdrawals_id_seq');
    INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_fen, reason, ref, pending)
      VALUES ('withdrawal:' || v_id || ':hold:1', v_available_id, v_held_id, p_amount + v_fee, 'withdrawal.hold', 'withdrawal:' || v_id, true)
      RETURNING ledger_transfers.id INTO v_transfer;
    UPDATE ledger_accounts a SET balance_fen = a.balance_fen - (p_amount + v_fee) WHERE a.id = v_available_id;
    UPDATE ledger_accounts a SET balance_fen = a.balance_fen + (p_amount + v_fee) WHERE a.id = v_held_id;

    IF p_amount > p_second_approval_fen THEN
      v_approvals := 2;
    ELSIF NOT v_channel.auto_payout THEN
      v_approvals := 1;
    ELSE
      -- The user's running total of the day (migration 0016's trigger), locked until commit, made at zero on first use.
      INSERT INTO automatic_payout_user_days AS d (day, user_id, amount_fen) VALUES (v_day, p_user, 0)
        ON CONFLICT (day, user_id) DO UPDATE SET amount_fen = d.amount_fen
        RETURNING d.amount_fen INTO v_day_total;
      IF v_day_total + p_amount <= coalesce((SELECT (s.value->>'userDailyFen')::bigint FROM settings s WHERE s.key = 'payoutLimits'),
          p_user_daily_fen) THEN
        v_approvals := 0;
        v_approved := now();
        v_pending := true;
      ELSE
        v_approvals := 1;
      END IF;
    END IF;

    INSERT INTO withdrawals (id, order_no, out_biz_no, user_id, idempotency_key, channel, payee_id, payee_name_enc, payee_name_masked,
        payee_account_enc, payee_account_masked, bank_code, branch, amount_fen, fee_fen, hold_transfer_id, approvals_required,
        approved_at, platform_limit_pending, payout_day)
      VALUES (v_id, p_order_no, p_order_no, p_user, p_key, p_channel, v_payee.id, v_payee.name_enc, v_payee.name_masked,
        CASE WHEN p_wechat THEN p_account_enc ELSE v_payee.account_enc END,
        CASE WHEN p_wechat THEN p_account_masked ELSE v_payee.account_masked END,
        v_payee.bank_code, v_payee.branch, p_amount, v_fee, v_transfer, v_approvals, v_approved, v_pending, v_day)
      RETURNING * INTO v_w;
    -- Only a withdrawal that needs no approval pays itself; one held for approval is queued by its last approval.
    IF v_approvals = 0 THEN
      PERFORM maika_enqueue(p_payout_queue, jsonb_build_object('withdrawalId', v_id));
    END IF;
    code := 'created';
  END IF;

  id := v_w.id;
  order_no := v_w.order_no;
  amount_fen := v_w.amount_fen;
  fee_fen := v_w.fee_fen;
  channel := v_w.channel;
  payee_name_masked := v_w.payee_name_masked;
  payee_account_masked := v_w.payee_account_masked;
  status := v_w.status;
  approved_at := v_w.approved_at;
  fail_reason := v_w.fail_reason;
  fail_reason_key := v_w.fail_reason_key;
  fail_reason_params := v_w.fail_reason_params;
  package_info := v_w.package_info;
  created_at := v_w.created_at;
  paid_at := v_w.paid_at;
  RETURN NEXT;
END;
$$;
