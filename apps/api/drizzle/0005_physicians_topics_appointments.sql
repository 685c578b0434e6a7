CREATE TABLE "organization_topic_templates" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"topics_template_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "physician_availability" (
	"user_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"starts" text NOT NULL,
	"ends" text NOT NULL,
	"time_zone" text NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	CONSTRAINT "physician_availability_user_id_weekday_starts_pk" PRIMARY KEY("user_id","weekday","starts")
);
--> statement-breakpoint
CREATE TABLE "physician_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"nick_name" text,
	"img_url" text,
	"bio" jsonb,
	"medical_specialties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"academic_background" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cedula" text,
	"npi" text,
	"dea" text,
	"is_available" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"partner_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"mx_doctor_id" uuid,
	"us_doctor_id" uuid,
	"requested_mx_doctor_id" uuid,
	"state" text NOT NULL,
	"status_reason" text,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"status_user_id" uuid,
	"type" text NOT NULL,
	"channel" text NOT NULL,
	"previous_channel" text,
	"practice" text NOT NULL,
	"language" text NOT NULL,
	"topic" jsonb,
	"self_assessment" jsonb,
	"location" jsonb,
	"service_scope" text NOT NULL,
	"us_doctor_needed" boolean DEFAULT false NOT NULL,
	"prescription_needed" boolean DEFAULT false NOT NULL,
	"prescriptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"medical_record" jsonb,
	"room_name" text,
	"pre_join_step" integer,
	"camera_access_granted" boolean,
	"member_join_method" text,
	"connection_strength" integer,
	"is_mx_doctor_busy" boolean DEFAULT false NOT NULL,
	"chat_has_messages" boolean DEFAULT false NOT NULL,
	"conversation_id" text,
	"parent_appointment_id" uuid,
	"chief_complaint" text,
	"template_id" text,
	"timezone" text,
	"created_by_role" text,
	"doctors_blacklist" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"deadline_at" timestamp with time zone,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_note_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"practice" text NOT NULL,
	"name" text NOT NULL,
	"label" jsonb NOT NULL,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_notes" (
	"appointment_id" uuid NOT NULL,
	"template_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"author_id" uuid NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consultation_notes_appointment_id_template_id_pk" PRIMARY KEY("appointment_id","template_id")
);
--> statement-breakpoint
ALTER TABLE "organization_topic_templates" ADD CONSTRAINT "organization_topic_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_topic_templates" ADD CONSTRAINT "organization_topic_templates_topics_template_id_topic_templates_id_fk" FOREIGN KEY ("topics_template_id") REFERENCES "public"."topic_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physician_availability" ADD CONSTRAINT "physician_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physician_profiles" ADD CONSTRAINT "physician_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_events" ADD CONSTRAINT "appointment_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_mx_doctor_id_users_id_fk" FOREIGN KEY ("mx_doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_us_doctor_id_users_id_fk" FOREIGN KEY ("us_doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_requested_mx_doctor_id_users_id_fk" FOREIGN KEY ("requested_mx_doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_notes" ADD CONSTRAINT "consultation_notes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_notes" ADD CONSTRAINT "consultation_notes_template_id_consultation_note_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."consultation_note_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_topic_templates_template_idx" ON "organization_topic_templates" USING btree ("topics_template_id");--> statement-breakpoint
CREATE INDEX "appointment_events_appointment_idx" ON "appointment_events" USING btree ("appointment_id","at");--> statement-breakpoint
CREATE INDEX "appointments_member_idx" ON "appointments" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "appointments_state_idx" ON "appointments" USING btree ("state");--> statement-breakpoint
CREATE INDEX "appointments_mx_doctor_idx" ON "appointments" USING btree ("mx_doctor_id");--> statement-breakpoint
CREATE INDEX "appointments_us_doctor_idx" ON "appointments" USING btree ("us_doctor_id");--> statement-breakpoint
CREATE INDEX "appointments_deadline_idx" ON "appointments" USING btree ("deadline_at") WHERE "appointments"."deadline_at" is not null;