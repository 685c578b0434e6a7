CREATE TABLE "calendar_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"singleton_key" text,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "physician_calendars" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"weekdays" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tiny_id" text NOT NULL,
	"physician_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_role" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"timezone" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"cancel_reason" text,
	"canceled_at" timestamp with time zone,
	"topic" jsonb,
	"notes" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_exceptions" ADD CONSTRAINT "calendar_exceptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physician_calendars" ADD CONSTRAINT "physician_calendars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_appointments" ADD CONSTRAINT "scheduled_appointments_physician_id_users_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_appointments" ADD CONSTRAINT "scheduled_appointments_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_exceptions_user_idx" ON "calendar_exceptions" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_queue_singleton_uq" ON "job_queue" USING btree ("singleton_key");--> statement-breakpoint
CREATE INDEX "job_queue_due_idx" ON "job_queue" USING btree ("state","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_appointments_slot_uq" ON "scheduled_appointments" USING btree ("physician_id","start_date") WHERE "scheduled_appointments"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "scheduled_appointments_member_idx" ON "scheduled_appointments" USING btree ("member_id","start_date");