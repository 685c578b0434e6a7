ALTER TABLE "login_tokens" ADD COLUMN "scope_kind" text;--> statement-breakpoint
ALTER TABLE "login_tokens" ADD COLUMN "scope_appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "login_tokens" ADD COLUMN "scope_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "scope_kind" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "scope_appointment_id" uuid;--> statement-breakpoint
CREATE INDEX "sessions_scope_appointment_idx" ON "sessions" USING btree ("scope_appointment_id");--> statement-breakpoint
-- Guest sessions opened before this migration keep their scope, now on the session itself.
UPDATE "sessions" SET "scope_kind" = 'guest-call', "scope_appointment_id" = g."appointment_id" FROM "guest_sessions" g WHERE g."session_id" = "sessions"."id";--> statement-breakpoint
-- An unused guest-link login token has no scope: it can no longer be used.
UPDATE "login_tokens" SET "consumed_at" = now() WHERE "provider" = 'guest-link' AND "consumed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "guest_sessions" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "guest_sessions" CASCADE;
