-- A referrer is bound once, when the user is created, and must already exist then: every link
-- points to an older user, so the referral graph cannot contain a cycle (A→B→A).
CREATE FUNCTION users_referrer_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.referrer_id IS DISTINCT FROM OLD.referrer_id THEN
      RAISE EXCEPTION 'users.referrer_id is bound once, at sign-up, and never changed'
        USING ERRCODE = 'restrict_violation';
    END IF;
  ELSIF NEW.referrer_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.referrer_id AND id <> NEW.id) THEN
    RAISE EXCEPTION 'referrer % is not an existing user', NEW.referrer_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_referrer_bound_once BEFORE INSERT OR UPDATE OF referrer_id ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_referrer_rules();
