ALTER TABLE "users" ADD COLUMN "nick_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthday" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sex" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "height" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weight" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "height_metric_system" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weight_metric_system" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alergies" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "medications" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "medical_conditions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "surgeries" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferred_contact_method" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "topics_of_interest" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identification_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lab_consent" text DEFAULT 'not_asked' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lab_consent_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "health_screening_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "insurance_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "has_insurance_info_provided" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pharmacy" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verification_code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verification_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verification_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_email_reminder_due_idx" ON "users" USING btree ("email_verification_sent_at") WHERE "users"."email_verified_at" is null and "users"."email_verification_reminder_sent_at" is null;