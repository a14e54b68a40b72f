CREATE TABLE "face_sim_sessions" (
	"certify_id" text PRIMARY KEY NOT NULL,
	"name_masked" text NOT NULL,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
