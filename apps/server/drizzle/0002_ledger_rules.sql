-- Transfers are facts: a correction is a new, reversing transfer, never an edit.
CREATE FUNCTION ledger_transfers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_transfers is append-only: % is not allowed; post a reversing transfer instead', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_update_delete BEFORE UPDATE OR DELETE ON "ledger_transfers"
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON "ledger_transfers"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_append_only();
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("kind", "user_id") VALUES
  ('platform_clearing', NULL), ('rebates', NULL), ('fees', NULL), ('payouts', NULL);
--> statement-breakpoint
INSERT INTO "withdrawal_channels" ("channel", "key", "name", "color", "min_fen", "max_fen", "fee_bp", "fee_min_fen", "enabled", "auto_payout", "sort") VALUES
  (1, 'alipay', '支付宝', '#1677ff', 1000, 5000000, 0, 0, true, true, 1),
  (2, 'wechat', '微信', '#07c160', 1000, 2000000, 0, 0, true, true, 2),
  (3, 'bank', '银行卡', '#d48806', 5000, 5000000, 10, 200, true, false, 3);
