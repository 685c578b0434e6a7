CREATE TABLE "store_pending_acknowledgements" (
	"store" text NOT NULL,
	"entitlement_key" text NOT NULL,
	"state" jsonb NOT NULL,
	"attempts" integer NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	CONSTRAINT "store_pending_acknowledgements_store_entitlement_key_pk" PRIMARY KEY("store","entitlement_key")
);
--> statement-breakpoint
CREATE INDEX "store_pending_acknowledgements_next_idx" ON "store_pending_acknowledgements" USING btree ("next_at");