-- The merchant API (docs/design.md "Merchant API"): resellers approved to sell through signed
-- requests, their keys (secrets encrypted: callbacks are signed with them), the nonces seen per key,
-- their own rates, their orders (one per merchant order number) and every callback attempt.
CREATE TABLE "merchants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"name" text NOT NULL,
	"contact" text NOT NULL,
	"monthly_volume" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"notify_url" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint REFERENCES "admins"("id"),
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_user_key" UNIQUE("user_id"),
	CONSTRAINT "merchants_status_range" CHECK ("status" between 0 and 3),
	CONSTRAINT "merchants_monthly_volume" CHECK ("monthly_volume" > 0)
);--> statement-breakpoint
CREATE INDEX "merchants_status_idx" ON "merchants" USING btree ("status","id");--> statement-breakpoint
CREATE TABLE "merchant_api_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" bigint NOT NULL REFERENCES "merchants"("id"),
	"key_id" text NOT NULL,
	"secret_enc" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "merchant_api_keys_key_id_key" UNIQUE("key_id")
);--> statement-breakpoint
CREATE INDEX "merchant_api_keys_merchant_idx" ON "merchant_api_keys" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE TABLE "merchant_nonces" (
	"key_id" bigint NOT NULL REFERENCES "merchant_api_keys"("id") ON DELETE cascade,
	"nonce" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_nonces_key_id_nonce_pk" PRIMARY KEY("key_id","nonce")
);--> statement-breakpoint
CREATE INDEX "merchant_nonces_seen_idx" ON "merchant_nonces" USING btree ("seen_at");--> statement-breakpoint
CREATE TABLE "merchant_rates" (
	"merchant_id" bigint NOT NULL REFERENCES "merchants"("id"),
	"card_type_id" bigint NOT NULL REFERENCES "card_types"("id"),
	"face_value_fen" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"updated_by" bigint REFERENCES "admins"("id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_rates_merchant_id_card_type_id_face_value_fen_pk" PRIMARY KEY("merchant_id","card_type_id","face_value_fen"),
	CONSTRAINT "merchant_rates_rate_range" CHECK ("rate_bp" between 1 and 10000)
);--> statement-breakpoint
CREATE TABLE "merchant_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" bigint NOT NULL REFERENCES "merchants"("id"),
	"merchant_order_no" text NOT NULL,
	"request_hash" bytea NOT NULL,
	"card_order_id" bigint NOT NULL REFERENCES "card_orders"("id"),
	"notify_url" text,
	"notify_version" integer DEFAULT 0 NOT NULL,
	"notified_version" integer DEFAULT 0 NOT NULL,
	"callback_due_at" timestamp with time zone,
	"callback_since" timestamp with time zone,
	"callback_attempts" integer DEFAULT 0 NOT NULL,
	"callback_claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_orders_merchant_order_no_key" UNIQUE("merchant_id","merchant_order_no"),
	CONSTRAINT "merchant_orders_card_order_key" UNIQUE("card_order_id")
);--> statement-breakpoint
CREATE INDEX "merchant_orders_callback_due_idx" ON "merchant_orders" USING btree ("callback_due_at") WHERE "callback_due_at" is not null;--> statement-breakpoint
CREATE TABLE "merchant_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_order_id" bigint NOT NULL REFERENCES "merchant_orders"("id"),
	"merchant_id" bigint NOT NULL REFERENCES "merchants"("id"),
	"attempt" integer NOT NULL,
	"url" text NOT NULL,
	"status" smallint NOT NULL,
	"response_code" integer,
	"response_excerpt" text,
	"error" text,
	"payload" jsonb NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_callbacks_status_range" CHECK ("status" between 1 and 3)
);--> statement-breakpoint
CREATE INDEX "merchant_callbacks_merchant_idx" ON "merchant_callbacks" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "merchant_callbacks_order_idx" ON "merchant_callbacks" USING btree ("merchant_order_id","id");
