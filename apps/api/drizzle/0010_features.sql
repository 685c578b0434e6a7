CREATE TABLE "card_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"subscription_ref" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "entitlement_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"entitlement_key" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"plan_id" text,
	"expires_at" timestamp with time zone,
	"auto_renew" boolean,
	"currency" text,
	"amount_minor" integer,
	"organization_id" uuid,
	"organization_name" text,
	"referrer_id" uuid,
	"origin" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"member_id" uuid NOT NULL,
	"primary_contact_id" text,
	"appointment_id" uuid,
	"items" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "no_prescription_reasons" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"physician_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy_choices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"appointment_id" uuid,
	"pharmacy_id" text NOT NULL,
	"pharmacy" jsonb NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescription_orders" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"prescriber_id" uuid NOT NULL,
	"status" text NOT NULL,
	"lines" jsonb NOT NULL,
	"rendered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language" text NOT NULL,
	"pharmacy" jsonb,
	"reviewed_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"document_key" text,
	"erx_provider" text,
	"erx_id" text,
	"erx_status" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_prescription_reasons" ADD CONSTRAINT "no_prescription_reasons_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_prescription_reasons" ADD CONSTRAINT "no_prescription_reasons_physician_id_users_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_choices" ADD CONSTRAINT "pharmacy_choices_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_orders" ADD CONSTRAINT "prescription_orders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_orders" ADD CONSTRAINT "prescription_orders_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_orders" ADD CONSTRAINT "prescription_orders_prescriber_id_users_id_fk" FOREIGN KEY ("prescriber_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_exceptions" ADD CONSTRAINT "calendar_exceptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physician_calendars" ADD CONSTRAINT "physician_calendars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_appointments" ADD CONSTRAINT "scheduled_appointments_physician_id_users_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_appointments" ADD CONSTRAINT "scheduled_appointments_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_checkouts_member_idx" ON "card_checkouts" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_checkouts_external_unique" ON "card_checkouts" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlement_events_dedupe_unique" ON "entitlement_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "entitlement_events_member_idx" ON "entitlement_events" USING btree ("member_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_unique" ON "payment_notifications" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "surveys_kind_status_idx" ON "surveys" USING btree ("kind","status","created_at");--> statement-breakpoint
CREATE INDEX "surveys_member_idx" ON "surveys" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_appointment_unique" ON "surveys" USING btree ("appointment_id") WHERE "surveys"."appointment_id" is not null;--> statement-breakpoint
CREATE INDEX "pharmacy_choices_member_idx" ON "pharmacy_choices" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "prescription_orders_member_idx" ON "prescription_orders" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "calendar_exceptions_user_idx" ON "calendar_exceptions" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_queue_singleton_uq" ON "job_queue" USING btree ("singleton_key");--> statement-breakpoint
CREATE INDEX "job_queue_due_idx" ON "job_queue" USING btree ("state","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_appointments_slot_uq" ON "scheduled_appointments" USING btree ("physician_id","start_date") WHERE "scheduled_appointments"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "scheduled_appointments_member_idx" ON "scheduled_appointments" USING btree ("member_id","start_date");