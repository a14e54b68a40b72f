-- An operator chooses their own password through a one-time set-up code; until then there is none.
ALTER TABLE "admins" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "setup_code_hash" bytea;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "setup_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "access_granted_by" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "access_granted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_setup_code_key" ON "admins" USING btree ("setup_code_hash");--> statement-breakpoint
-- Second approvals of operator-account changes; their target is an operator, never a card.
ALTER TABLE "second_approvals" DROP CONSTRAINT "second_approvals_kind";--> statement-breakpoint
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_kind" CHECK ("second_approvals"."kind" in ('card.approve', 'card.appeal', 'ledger.adjust', 'admin.create', 'admin.role', 'admin.resetPassword', 'admin.resetTwoFactor'));--> statement-breakpoint
DROP INDEX "second_approvals_card_pending";--> statement-breakpoint
CREATE UNIQUE INDEX "second_approvals_card_pending" ON "second_approvals" USING btree ("target_id") WHERE "second_approvals"."status" = 'pending' and "second_approvals"."kind" in ('card.approve', 'card.appeal');
