ALTER TABLE "cards" ADD COLUMN "channel_verdict" smallint;--> statement-breakpoint
-- Cards the channel rejected before verdicts were kept: handed to it, rejected (or appealed from there), and no reviewer's rejection in the audit log.
UPDATE "cards" SET "channel_verdict" = 2 WHERE ("status" = 2 OR ("status" = 4 AND "status_before_appeal" = 2)) AND "channel_submitted_at" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "audit_log" WHERE "audit_log"."target_type" = 'card' AND "audit_log"."target_id" = "cards"."id"::text AND "audit_log"."action" IN ('card.reject', 'card.bulkReject'));--> statement-breakpoint
CREATE TABLE "single_approval_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_id" bigint NOT NULL,
	"admin_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "single_approval_credits_kind" CHECK ("single_approval_credits"."kind" in ('card.approve', 'card.appeal', 'ledger.adjust')),
	CONSTRAINT "single_approval_credits_amount" CHECK ("single_approval_credits"."amount_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "single_approval_credits" ADD CONSTRAINT "single_approval_credits_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_approval_credits" ADD CONSTRAINT "single_approval_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "single_approval_credits_admin_idx" ON "single_approval_credits" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "single_approval_credits_user_idx" ON "single_approval_credits" USING btree ("user_id","created_at");
