-- Every server keeps client sessions in memory (src/lib/sessionCache.ts) and drops them when told
-- here, whoever made the change (log-out, freeze, phone change, cancellation, maintenance, a
-- hand-written fix), delivered when the transaction commits: 't<id>' for a token row changed or
-- deleted, 'u<id>' for a user whose status changed or who was deleted, '*' for many tokens at once.
CREATE FUNCTION notify_tokens_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
  gone record;
BEGIN
  SELECT count(*) INTO changed FROM old_rows;
  IF changed > 100 THEN
    PERFORM pg_notify('session_changed', '*');
  ELSE
    FOR gone IN SELECT id FROM old_rows LOOP
      PERFORM pg_notify('session_changed', 't' || gone.id);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tokens_updated_session AFTER UPDATE ON "tokens" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tokens_changed();
--> statement-breakpoint
CREATE TRIGGER tokens_deleted_session AFTER DELETE ON "tokens" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tokens_changed();
--> statement-breakpoint
CREATE FUNCTION notify_tokens_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tokens_truncated_session AFTER TRUNCATE ON "tokens" FOR EACH STATEMENT EXECUTE FUNCTION notify_tokens_truncated();
--> statement-breakpoint
CREATE FUNCTION notify_user_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', 'u' || OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_status_session AFTER UPDATE OF status ON "users" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_user_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_deleted_session AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION notify_user_session_changed();
