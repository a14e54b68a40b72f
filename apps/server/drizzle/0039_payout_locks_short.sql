-- Migration 0024's count_automatic_payout, with one change: a withdrawal whose platform side alone
-- changes (the payout job weighing it against the platform's limit turns platform_limit_pending
-- off, src/modules/withdrawals/limitService.ts) writes the platform's total alone. Before, it took
-- the amount off the user's total and put it back, a write that changed nothing but locked the
-- user's row of the day until the payout job committed, and every withdrawal the user asked for
-- meanwhile (src/modules/withdrawals/extractRepo.ts locks that row) waited for it.
CREATE OR REPLACE FUNCTION count_automatic_payout() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_user boolean := TG_OP <> 'INSERT' AND OLD.approvals_required = 0 AND OLD.status <> 2;
  new_user boolean := TG_OP <> 'DELETE' AND NEW.approvals_required = 0 AND NEW.status <> 2;
  old_platform boolean := old_user AND NOT OLD.platform_limit_pending;
  new_platform boolean := new_user AND NOT NEW.platform_limit_pending;
BEGIN
  IF TG_OP = 'UPDATE' AND old_user AND new_user AND OLD.amount_fen = NEW.amount_fen
      AND OLD.user_id = NEW.user_id AND OLD.payout_day = NEW.payout_day THEN
    -- The user's total stays as it is; only the platform's can change.
    IF old_platform <> new_platform THEN
      INSERT INTO automatic_payout_days (day, amount_fen) VALUES (NEW.payout_day, CASE WHEN new_platform THEN NEW.amount_fen ELSE -NEW.amount_fen END)
        ON CONFLICT (day) DO UPDATE SET amount_fen = automatic_payout_days.amount_fen + EXCLUDED.amount_fen;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT old_user AND NOT new_user THEN
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
-- One transfer appended unless its idempotency key is taken, and its user sides' balances moved
-- (platform sides are deltas, migration 0032's trigger): src/modules/ledger/service.ts `transfer`,
-- for callers already holding the user accounts' locks. Answers the transfer's id and whether this
-- call appended it; a null id when the key names a transfer of other parameters.
CREATE FUNCTION ledger_append(
  p_key text, p_debit bigint, p_credit bigint, p_amount bigint, p_reason text, p_ref text, p_pending_id bigint, p_resolution text,
  OUT transfer_id bigint, OUT created boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_t ledger_transfers%ROWTYPE;
BEGIN
  INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_fen, reason, ref, pending_id, resolution)
    VALUES (p_key, p_debit, p_credit, p_amount, p_reason, p_ref, p_pending_id, p_resolution)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO transfer_id;
  created := transfer_id IS NOT NULL;
  IF created THEN
    -- A user account that cannot cover it is refused by ledger_accounts_user_not_negative.
    UPDATE ledger_accounts SET balance_fen = balance_fen - p_amount WHERE id = p_debit AND kind IN ('user_available', 'user_held');
    UPDATE ledger_accounts SET balance_fen = balance_fen + p_amount WHERE id = p_credit AND kind IN ('user_available', 'user_held');
    RETURN;
  END IF;
  SELECT * INTO v_t FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  IF v_t.debit_account_id = p_debit AND v_t.credit_account_id = p_credit AND v_t.amount_fen = p_amount AND v_t.reason = p_reason
      AND v_t.ref IS NOT DISTINCT FROM p_ref AND NOT v_t.pending AND v_t.pending_id IS NOT DISTINCT FROM p_pending_id
      AND v_t.resolution IS NOT DISTINCT FROM p_resolution THEN
    transfer_id := v_t.id;
  END IF;
END;
$$;
--> statement-breakpoint
-- A withdrawal's hold resolved in one statement, so the user's accounts stay locked for that
-- statement and its commit only (src/modules/withdrawals/payoutService.ts writes it last): posted
-- (p_payout_fen to the payouts account, the rest of the hold, the fee, to the fees account; the
-- held account alone is locked) or, p_payout_fen null, voided (the whole hold back to available;
-- both accounts locked, in id order). Keys and reasons as src/modules/ledger/service.ts names
-- them. Answers 'resolved' or 'repeat' (resolved so before, with the same transfers) and the
-- resolving transfer's id, or 'key_reused'. A hold resolved the other way is refused by
-- ledger_transfers_resolved_once.
CREATE FUNCTION ledger_resolve_hold(p_pending bigint, p_payout_fen bigint, p_payouts bigint, p_fees bigint)
RETURNS TABLE (code text, transfer_id bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_hold ledger_transfers%ROWTYPE;
  v_fee bigint;
  v_resolution record;
  v_fee_transfer record;
BEGIN
  SELECT * INTO v_hold FROM ledger_transfers t WHERE t.id = p_pending;
  IF NOT FOUND OR NOT v_hold.pending THEN
    RAISE EXCEPTION 'transfer % is not a pending transfer', p_pending;
  END IF;
  IF p_payout_fen IS NULL THEN
    PERFORM FROM ledger_accounts a WHERE a.id IN (v_hold.debit_account_id, v_hold.credit_account_id)
      AND a.kind IN ('user_available', 'user_held') ORDER BY a.id FOR UPDATE;
    SELECT * INTO v_resolution FROM ledger_append(v_hold.idempotency_key || ':void', v_hold.credit_account_id, v_hold.debit_account_id,
      v_hold.amount_fen, 'withdrawal.void', v_hold.ref, v_hold.id, 'void');
  ELSE
    v_fee := v_hold.amount_fen - p_payout_fen;
    IF v_fee < 0 OR p_payout_fen <= 0 THEN
      RAISE EXCEPTION 'payout % does not fit hold % of %', p_payout_fen, v_hold.id, v_hold.amount_fen;
    END IF;
    PERFORM FROM ledger_accounts a WHERE a.id = v_hold.credit_account_id AND a.kind IN ('user_available', 'user_held') FOR UPDATE;
    SELECT * INTO v_resolution FROM ledger_append(v_hold.idempotency_key || ':post', v_hold.credit_account_id, p_payouts,
      p_payout_fen, 'withdrawal.payout', v_hold.ref, v_hold.id, 'post');
    IF v_resolution.transfer_id IS NOT NULL AND v_fee > 0 THEN
      SELECT * INTO v_fee_transfer FROM ledger_append(v_hold.idempotency_key || ':fee', v_hold.credit_account_id, p_fees,
        v_fee, 'withdrawal.fee', v_hold.ref, v_hold.id, NULL);
      IF v_fee_transfer.transfer_id IS NULL THEN
        code := 'key_reused';
        RETURN NEXT;
        RETURN;
      END IF;
    END IF;
  END IF;
  code := CASE WHEN v_resolution.transfer_id IS NULL THEN 'key_reused' WHEN v_resolution.created THEN 'resolved' ELSE 'repeat' END;
  transfer_id := v_resolution.transfer_id;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint
-- A payout job's first step in one statement, where it was two transactions of five and six
-- round trips (src/modules/withdrawals/payoutService.ts says what it decides): under the user's
-- row (shared, so a freeze waits or is waited for) and the withdrawal's, a new automatic
-- withdrawal is weighed against the platform's daily limit of its payout day (the day's row locked
-- until commit; the setting `payoutLimits`, else p_platform_daily_fen), and then, when its channel
-- has a provider (p_providers[i] pays channel p_channels[i]), the call to make is answered:
-- 'transfer' once the withdrawal is approved, weighed and its user not frozen (it is marked
-- processing, status 5, with the provider's name, before the vendor is called), 'query' for one
-- processing or awaiting the payee, 'cancel' for one whose confirmation window has passed. No row
-- when there is nothing to do. Statuses: src/modules/withdrawals/stateMachine.ts.
CREATE FUNCTION maika_payout_start(p_withdrawal bigint, p_platform_daily_fen bigint, p_channels smallint[], p_providers text[])
RETURNS TABLE (
  call text, id bigint, attempt integer, order_no text, out_biz_no text, amount_fen bigint, channel smallint,
  payee_name_enc bytea, payee_account_enc bytea, bank_code text, branch text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_payer text;
  v_w withdrawals%ROWTYPE;
  v_provider text;
  v_fits boolean;
BEGIN
  SELECT u.status INTO v_payer FROM users u JOIN withdrawals w ON w.user_id = u.id WHERE w.id = p_withdrawal FOR SHARE OF u;
  SELECT * INTO v_w FROM withdrawals w WHERE w.id = p_withdrawal FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- A frozen user's payout is weighed only once it may go: it takes no room of the day while held.
  IF v_payer <> 'frozen' AND v_w.platform_limit_pending AND v_w.status IN (0, 3) THEN
    INSERT INTO automatic_payout_days AS d (day, amount_fen) VALUES (v_w.payout_day, 0)
      ON CONFLICT (day) DO UPDATE SET amount_fen = d.amount_fen
      RETURNING d.amount_fen + v_w.amount_fen <= coalesce(
        (SELECT (s.value->>'platformDailyFen')::bigint FROM settings s WHERE s.key = 'payoutLimits'), p_platform_daily_fen)
      INTO v_fits;
    -- Past the limit it waits for one finance approval, as one past the user's limit does.
    UPDATE withdrawals w SET platform_limit_pending = false,
        approvals_required = CASE WHEN v_fits THEN w.approvals_required ELSE 1 END,
        approved_at = CASE WHEN v_fits THEN w.approved_at END,
        updated_at = now()
      WHERE w.id = p_withdrawal RETURNING * INTO v_w;
  END IF;
  v_provider := p_providers[array_position(p_channels, v_w.channel)];
  IF v_provider IS NULL THEN
    RETURN;
  END IF;
  IF v_w.status IN (0, 3) THEN
    -- Never before the platform's limit has been weighed, and never for a frozen user: it waits,
    -- open, until the unfreeze queues it again.
    IF v_w.approved_at IS NULL OR v_w.platform_limit_pending OR v_payer = 'frozen' THEN
      RETURN;
    END IF;
    UPDATE withdrawals w SET status = 5, provider = v_provider, updated_at = now() WHERE w.id = p_withdrawal RETURNING * INTO v_w;
    call := 'transfer';
  ELSIF v_w.status = 5 THEN
    call := 'query';
  ELSIF v_w.status = 6 THEN
    call := CASE WHEN v_w.confirm_expires_at <= now() THEN 'cancel' ELSE 'query' END;
  ELSE
    RETURN;
  END IF;
  id := v_w.id;
  attempt := v_w.attempt;
  order_no := v_w.order_no;
  out_biz_no := v_w.out_biz_no;
  amount_fen := v_w.amount_fen;
  channel := v_w.channel;
  payee_name_enc := v_w.payee_name_enc;
  payee_account_enc := v_w.payee_account_enc;
  bank_code := v_w.bank_code;
  branch := v_w.branch;
  RETURN NEXT;
END;
$$;
