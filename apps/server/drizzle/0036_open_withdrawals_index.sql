-- Whether a withdrawal in this status still holds the seller's money: openWithdrawalStatuses of
-- src/db/withdrawalStatuses.ts (unpaid 0, paying again 3, processing 5, awaiting confirmation 6),
-- checked status by status by src/modules/withdrawals/openCount.test.ts. PL/pgSQL so the planner
-- never inlines it: a condition on `status` itself lets a plan made while the table is young (and
-- kept by PL/pgSQL for the connection's life) count a user's open withdrawals by walking
-- withdrawals_status_idx, every open withdrawal of the platform, where this call leaves only the
-- index below to serve it.
CREATE FUNCTION withdrawal_open(p_status smallint) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN p_status IN (0, 3, 5, 6);
END;
$$;
--> statement-breakpoint
-- A user's open withdrawals by user alone. Counted before through withdrawals_user_idx, every
-- withdrawal the user ever made was read to find the open ones.
CREATE INDEX "withdrawals_open_user_idx" ON "withdrawals" USING btree ("user_id") WHERE withdrawal_open("status");
--> statement-breakpoint
DROP FUNCTION maika_extract(bigint, text, smallint, bigint, bigint, text, boolean, bytea, text, smallint[], integer, bigint, bigint, text);
--> statement-breakpoint
-- Migration 0031's maika_extract (its comment says what it decides), restated whole as PL/pgSQL
-- must be, with one change: the open withdrawals are those of withdrawal_open(), read from their
-- index and no further than the limit they are weighed against, so the statuses are no longer
-- passed in.
CREATE FUNCTION maika_extract(
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
    IF (SELECT count(*) FROM (SELECT FROM withdrawals w WHERE w.user_id = p_user AND withdrawal_open(w.status) LIMIT p_max_open) o)
        >= p_max_open THEN
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
