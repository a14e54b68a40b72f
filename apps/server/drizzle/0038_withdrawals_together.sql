-- Several users' withdrawals decided in one statement and one commit: each request as
-- maika_extract (migration 0036) decides it alone, in the order of the user's id and then of the
-- request, so two such statements lock users' accounts in one order and never deadlock on them.
-- A request after another of the same user sees what the earlier one did (the same transaction),
-- so a repeated key answers 'repeat' and the open count and the balance include the earlier one.
-- An error in any request rolls back all of them; the caller then decides each alone.
-- `ord` numbers each answer by its request's place in the arrays, from 1.
CREATE FUNCTION maika_extract_together(
  p_users bigint[], p_keys text[], p_channels smallint[], p_payees bigint[], p_amounts bigint[], p_order_nos text[],
  p_wechat boolean[], p_accounts_enc bytea[], p_accounts_masked text[],
  p_max_open integer, p_second_approval_fen bigint, p_user_daily_fen bigint, p_payout_queue text)
RETURNS TABLE (
  ord integer, code text, available_fen bigint, fee_fen bigint, min_fen bigint, max_fen bigint,
  id bigint, order_no text, amount_fen bigint, channel smallint, payee_name_masked text, payee_account_masked text,
  status smallint, approved_at timestamptz, fail_reason text, fail_reason_key text, fail_reason_params jsonb,
  package_info text, created_at timestamptz, paid_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT * FROM unnest(p_users, p_keys, p_channels, p_payees, p_amounts, p_order_nos, p_wechat, p_accounts_enc, p_accounts_masked)
      WITH ORDINALITY AS t(user_id, idempotency_key, channel, payee_id, amount_fen, order_no, wechat, account_enc, account_masked, n)
    ORDER BY t.user_id, t.n
  LOOP
    RETURN QUERY SELECT r.n::integer, x.*
      FROM maika_extract(r.user_id, r.idempotency_key, r.channel, r.payee_id, r.amount_fen, r.order_no, r.wechat,
        r.account_enc, r.account_masked, p_max_open, p_second_approval_fen, p_user_daily_fen, p_payout_queue) x;
  END LOOP;
END;
$$;
