-- Platform accounts (clearing, rebates, fees, payouts) take part in almost every transfer: locked
-- and updated by each one, their rows ordered every card credit and payout in the system one
-- after the other. A transfer now writes only the user accounts it touches (src/modules/ledger/
-- repo.ts); a platform side becomes a row here, appended by the trigger below in the transfer's
-- own transaction, and `ledger_rollup_platform` folds committed rows into the stored balance.
-- A platform account's balance is its stored balance plus its rows here: `ledger_account_balances`.
CREATE TABLE "ledger_platform_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL
);
--> statement-breakpoint
-- No foreign key: the transfer row's own already names an existing account, and a second one would
-- take a second share lock on the platform row per transfer. `ledger:check` proves every row names
-- a platform account (src/modules/ledger/checkService.ts).
CREATE FUNCTION ledger_platform_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_platform_deltas (account_id, amount_fen)
    SELECT a.id, CASE WHEN a.id = NEW.credit_account_id THEN NEW.amount_fen ELSE -NEW.amount_fen END
    FROM ledger_accounts a
    WHERE a.id IN (NEW.debit_account_id, NEW.credit_account_id) AND a.kind NOT IN ('user_available', 'user_held');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_platform_delta AFTER INSERT ON "ledger_transfers"
  FOR EACH ROW EXECUTE FUNCTION ledger_platform_delta();
--> statement-breakpoint
-- A row is money: only the rollup removes rows, and only by moving their sum into the balance.
CREATE FUNCTION ledger_platform_deltas_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_platform_deltas rows are only appended, and removed by ledger_rollup_platform(): % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_platform_deltas_no_update BEFORE UPDATE ON "ledger_platform_deltas"
  FOR EACH ROW EXECUTE FUNCTION ledger_platform_deltas_fixed();
--> statement-breakpoint
CREATE TRIGGER ledger_platform_deltas_no_truncate BEFORE TRUNCATE ON "ledger_platform_deltas"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_platform_deltas_fixed();
--> statement-breakpoint
-- Moves the committed rows into their accounts' stored balances in one statement, so any snapshot
-- sees either the rows or the balance they made, never both or neither. Rows of transactions still
-- open are invisible to it and wait for the next run. Its row locks on platform accounts (FOR NO
-- KEY UPDATE) do not conflict with the key-share locks transfers take through their foreign keys;
-- runs from two instances take turns on an advisory lock. Answers how many rows it moved.
CREATE FUNCTION ledger_rollup_platform() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_moved integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('ledger:platform-rollup', 0));
  -- Only rows naming a platform account: any other (which ledger:check reports) stays to be seen.
  WITH moved AS (
    DELETE FROM ledger_platform_deltas d USING ledger_accounts a
    WHERE a.id = d.account_id AND a.kind NOT IN ('user_available', 'user_held')
    RETURNING d.account_id, d.amount_fen),
  sums AS (SELECT account_id, sum(amount_fen)::bigint AS amount_fen, count(*)::integer AS n FROM moved GROUP BY account_id),
  updated AS (
    UPDATE ledger_accounts a SET balance_fen = a.balance_fen + s.amount_fen FROM sums s WHERE a.id = s.account_id RETURNING s.n)
  SELECT coalesce(sum(n), 0)::integer INTO v_moved FROM updated;
  RETURN v_moved;
END;
$$;
--> statement-breakpoint
-- Every account's balance: a user account's is its stored one (transfers update it under its lock),
-- a platform account's adds its rows not yet rolled up.
CREATE VIEW "ledger_account_balances" AS
  SELECT a.id, a.kind, a.user_id, a.balance_fen + coalesce(d.amount_fen, 0) AS balance_fen
  FROM ledger_accounts a
  LEFT JOIN (SELECT account_id, sum(amount_fen)::bigint AS amount_fen FROM ledger_platform_deltas GROUP BY account_id) d
    ON d.account_id = a.id;
