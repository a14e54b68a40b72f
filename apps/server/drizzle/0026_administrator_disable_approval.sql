-- Disabling another active administrator is a second approval while there are two or more.
ALTER TABLE "second_approvals" DROP CONSTRAINT "second_approvals_kind";--> statement-breakpoint
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_kind" CHECK ("second_approvals"."kind" in ('card.approve', 'card.appeal', 'ledger.adjust', 'admin.create', 'admin.role', 'admin.resetPassword', 'admin.resetTwoFactor', 'admin.disable'));
