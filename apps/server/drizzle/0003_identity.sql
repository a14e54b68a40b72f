CREATE TABLE "face_certifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"outer_order_no" text NOT NULL,
	"certify_id" text NOT NULL,
	"name_enc" "bytea" NOT NULL,
	"id_num_enc" "bytea" NOT NULL,
	"id_num_hash" "bytea" NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"certify_url" text NOT NULL,
	"fail_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "face_certifications_status_check" CHECK ("face_certifications"."status" in ('pending', 'passed', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "mini_program_logins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"openid" text NOT NULL,
	"device_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "mini_program_logins_platform_check" CHECK ("mini_program_logins"."platform" in ('weapp', 'alipay'))
);
--> statement-breakpoint
CREATE TABLE "phone_change_vouchers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"voucher_hash" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_num_hash" "bytea";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "real_name_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "face_certifications" ADD CONSTRAINT "face_certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_change_vouchers" ADD CONSTRAINT "phone_change_vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "face_certifications_outer_order_no_key" ON "face_certifications" USING btree ("outer_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "face_certifications_certify_id_key" ON "face_certifications" USING btree ("provider","certify_id");--> statement-breakpoint
CREATE INDEX "face_certifications_user_idx" ON "face_certifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "mini_program_logins_openid_idx" ON "mini_program_logins" USING btree ("platform","openid","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_change_vouchers_hash_key" ON "phone_change_vouchers" USING btree ("voucher_hash");--> statement-breakpoint
CREATE INDEX "phone_change_vouchers_user_idx" ON "phone_change_vouchers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_id_num_hash_key" ON "users" USING btree ("id_num_hash");