ALTER TABLE "cards" ADD COLUMN "reject_reason_key" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "reject_reason_params" jsonb;--> statement-breakpoint
-- The above-declared reason was stored as one string in both languages: keep its key and amount instead, so it reads in the reader's language.
UPDATE "cards" SET "reject_reason_key" = 'card.aboveDeclared', "reject_reason_params" = jsonb_build_object('actual', substring("reject_reason" from '^渠道报告面值(.+?)，高于申报面值，待人工审核 / The supplier reports .+, more than declared: awaiting manual review$')), "reject_reason" = NULL WHERE "reject_reason" ~ '^渠道报告面值(.+?)，高于申报面值，待人工审核 / The supplier reports .+, more than declared: awaiting manual review$';
