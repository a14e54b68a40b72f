ALTER TABLE "banners" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_en" text;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "text_en" text;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "question_en" text;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "answer_en" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "content_en" text;--> statement-breakpoint
ALTER TABLE "rich_texts" ADD COLUMN "html_en" text;--> statement-breakpoint
ALTER TABLE "card_types" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "card_types" ADD COLUMN "maintenance_note_en" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_en" text;