CREATE TABLE "visit_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"price_type" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_checkouts" ADD COLUMN "kind" text DEFAULT 'subscription' NOT NULL;--> statement-breakpoint
CREATE INDEX "visit_payments_appointment_idx" ON "visit_payments" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "visit_payments_member_idx" ON "visit_payments" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "entitlement_events_key_idx" ON "entitlement_events" USING btree ("source","entitlement_key");