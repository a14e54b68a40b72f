-- A user who has not chosen a nickname has none stored: the default ("用户8000", "User 8000") is
-- rendered in the reader's language from the phone number.
ALTER TABLE "users" ALTER COLUMN "nickname" DROP NOT NULL;--> statement-breakpoint
UPDATE "users" SET "nickname" = NULL WHERE "phone" IS NOT NULL AND "nickname" = '用户' || right("phone", 4);
