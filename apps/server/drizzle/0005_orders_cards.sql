CREATE TABLE "card_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"card_type_id" bigint NOT NULL,
	"face_value_fen" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"physical" boolean DEFAULT false NOT NULL,
	"card_count" integer NOT NULL,
	"carrier" text,
	"tracking_no" text,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_orders_rate_range" CHECK ("card_orders"."rate_bp" between 1 and 10000),
	CONSTRAINT "card_orders_card_count" CHECK ("card_orders"."card_count" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"card_type_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"card_no_enc" "bytea",
	"card_pwd_enc" "bytea" NOT NULL,
	"masked_no" text NOT NULL,
	"fingerprint" "bytea" NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"settlement_status" smallint DEFAULT 0 NOT NULL,
	"status_before_appeal" smallint,
	"settlement_before_freeze" smallint,
	"declared_face_value_fen" bigint NOT NULL,
	"actual_face_value_fen" bigint,
	"settlement_rate_bp" integer,
	"settlement_fen" bigint,
	"reject_reason" text,
	"appeal_reason" text,
	"appeal_reply" text,
	"appealed_at" timestamp with time zone,
	"channel" text NOT NULL,
	"channel_ref" text,
	"channel_submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_status_range" CHECK ("cards"."status" between 0 and 5),
	CONSTRAINT "cards_settlement_range" CHECK ("cards"."settlement_status" between 0 and 3),
	CONSTRAINT "cards_settlement_amount" CHECK ("cards"."settlement_fen" is null or "cards"."settlement_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "channel_nonces" (
	"channel" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_nonces_channel_nonce_pk" PRIMARY KEY("channel","nonce")
);
--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_order_id_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."card_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_orders_order_no_key" ON "card_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "card_orders_user_key" ON "card_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "card_orders_user_idx" ON "card_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_fingerprint_live_key" ON "cards" USING btree ("fingerprint") WHERE "cards"."status" <> 2;--> statement-breakpoint
CREATE INDEX "cards_order_idx" ON "cards" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "cards_user_created_idx" ON "cards" USING btree ("user_id","card_type_id","created_at");--> statement-breakpoint
CREATE INDEX "cards_status_idx" ON "cards" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "channel_nonces_created_idx" ON "channel_nonces" USING btree ("created_at");