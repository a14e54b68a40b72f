CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_user_key" UNIQUE NULLS NOT DISTINCT("kind","user_id"),
	CONSTRAINT "ledger_accounts_user_not_negative" CHECK ("ledger_accounts"."kind" not in ('user_available', 'user_held') or "ledger_accounts"."balance_fen" >= 0),
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."kind" in ('user_available', 'user_held')) = ("ledger_accounts"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"ref" text,
	"pending" boolean DEFAULT false NOT NULL,
	"pending_id" bigint,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount_fen" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_resolution_names_pending" CHECK ("ledger_transfers"."resolution" is null or "ledger_transfers"."pending_id" is not null),
	CONSTRAINT "ledger_transfers_pending_not_resolving" CHECK (not ("ledger_transfers"."pending" and "ledger_transfers"."pending_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payees" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"channel" smallint NOT NULL,
	"name_enc" "bytea" NOT NULL,
	"name_masked" text NOT NULL,
	"account_enc" "bytea" NOT NULL,
	"account_masked" text NOT NULL,
	"bank_code" text,
	"branch" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_sim_transfers" (
	"out_biz_no" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"outcome" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_approvals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"attempt" smallint NOT NULL,
	"admin_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_channels" (
	"channel" smallint PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"min_fen" bigint NOT NULL,
	"max_fen" bigint NOT NULL,
	"fee_bp" integer DEFAULT 0 NOT NULL,
	"fee_min_fen" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"auto_payout" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "withdrawal_channels_limits" CHECK ("withdrawal_channels"."min_fen" > 0 and "withdrawal_channels"."max_fen" >= "withdrawal_channels"."min_fen"),
	CONSTRAINT "withdrawal_channels_fee" CHECK ("withdrawal_channels"."fee_bp" between 0 and 10000 and "withdrawal_channels"."fee_min_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"channel" smallint NOT NULL,
	"payee_id" bigint,
	"payee_name_enc" "bytea" NOT NULL,
	"payee_name_masked" text NOT NULL,
	"payee_account_enc" "bytea" NOT NULL,
	"payee_account_masked" text NOT NULL,
	"bank_code" text,
	"branch" text,
	"amount_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"out_biz_no" text NOT NULL,
	"hold_transfer_id" bigint NOT NULL,
	"approvals_required" smallint NOT NULL,
	"approved_at" timestamp with time zone,
	"provider" text,
	"provider_ref" text,
	"package_info" text,
	"confirm_expires_at" timestamp with time zone,
	"fail_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" between 0 and 6),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount_fen" > 0 and "withdrawals"."fee_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("hold_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_key" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_resolved_once" ON "ledger_transfers" USING btree ("pending_id") WHERE "ledger_transfers"."resolution" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_ref_idx" ON "ledger_transfers" USING btree ("ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payees_user_channel_key" ON "payees" USING btree ("user_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_approvals_once" ON "withdrawal_approvals" USING btree ("withdrawal_id","attempt","admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_order_no_key" ON "withdrawals" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_out_biz_no_key" ON "withdrawals" USING btree ("out_biz_no");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_key" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");