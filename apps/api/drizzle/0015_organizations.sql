CREATE TABLE "member_organization_sites" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_partners" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"partner_name" text NOT NULL,
	"colors" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_roster_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"match_key" text NOT NULL,
	"phone_number" text,
	"identification_number" text,
	"added_at" timestamp with time zone NOT NULL,
	"terminated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organization_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_organization_sites" ADD CONSTRAINT "member_organization_sites_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_organization_sites" ADD CONSTRAINT "member_organization_sites_site_id_organization_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."organization_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_partners" ADD CONSTRAINT "organization_partners_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_roster_entries" ADD CONSTRAINT "organization_roster_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_sites" ADD CONSTRAINT "organization_sites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_roster_live_key_unique" ON "organization_roster_entries" USING btree ("organization_id","match_key") WHERE "organization_roster_entries"."terminated_at" is null;--> statement-breakpoint
CREATE INDEX "organization_roster_phone_idx" ON "organization_roster_entries" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "organization_roster_identification_idx" ON "organization_roster_entries" USING btree ("identification_number");--> statement-breakpoint
CREATE INDEX "organization_sites_org_idx" ON "organization_sites" USING btree ("organization_id");