CREATE INDEX "cards_user_status_order_idx" ON "cards" USING btree ("user_id","status","order_id");--> statement-breakpoint
-- Every server keeps the public content and the catalogue in memory (src/lib/publicCache.ts) and
-- drops it when told here: one notice per changing statement, whoever or whatever made the change
-- (back office, CLI, demo data, a hand-written fix), delivered when the transaction commits.
CREATE FUNCTION notify_public_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER banners_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER notices_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notices" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER broadcasts_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "broadcasts" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER rich_texts_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rich_texts" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER faqs_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faqs" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER settings_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER categories_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER card_types_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "card_types" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER face_values_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "face_values" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
