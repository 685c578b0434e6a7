ALTER TABLE "appointments" ADD COLUMN "escalation_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "escalation_urgency" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "escalated_at" timestamp with time zone;