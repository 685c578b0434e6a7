CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"subject_id" uuid,
	"record_id" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "phone_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"challenge_token_hash" text,
	"new_phone_number" text,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "phone_resets" ADD CONSTRAINT "phone_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_resets_token_hash_unique" ON "phone_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "phone_resets_challenge_idx" ON "phone_resets" USING btree ("challenge_token_hash");