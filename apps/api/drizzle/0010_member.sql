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
CREATE INDEX "card_checkouts_member_idx" ON "card_checkouts" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_checkouts_external_unique" ON "card_checkouts" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlement_events_dedupe_unique" ON "entitlement_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "entitlement_events_member_idx" ON "entitlement_events" USING btree ("member_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_unique" ON "payment_notifications" USING btree ("provider","event_id");