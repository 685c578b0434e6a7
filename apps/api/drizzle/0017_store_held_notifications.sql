CREATE TABLE "store_held_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store" text NOT NULL,
	"entitlement_key" text NOT NULL,
	"notification_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "store_held_notifications_unique" ON "store_held_notifications" USING btree ("store","notification_id");--> statement-breakpoint
CREATE INDEX "store_held_notifications_key_idx" ON "store_held_notifications" USING btree ("store","entitlement_key");