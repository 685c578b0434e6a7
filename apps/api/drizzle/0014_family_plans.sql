CREATE TABLE "dependant_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"dependant_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dependants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"member_id" text NOT NULL,
	"user_id" uuid,
	"alias" text NOT NULL,
	"phone_number" text NOT NULL,
	"preferred_lang" text NOT NULL,
	"invitation_status" text DEFAULT 'PENDING' NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dependants_slot_range" CHECK ("dependants"."slot" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "dependant_invitations" ADD CONSTRAINT "dependant_invitations_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dependant_invitations" ADD CONSTRAINT "dependant_invitations_dependant_id_dependants_id_fk" FOREIGN KEY ("dependant_id") REFERENCES "public"."dependants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dependants" ADD CONSTRAINT "dependants_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dependants" ADD CONSTRAINT "dependants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dependant_invitations_dependant_idx" ON "dependant_invitations" USING btree ("dependant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dependants_referrer_slot_unique" ON "dependants" USING btree ("referrer_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "dependants_referrer_phone_unique" ON "dependants" USING btree ("referrer_id","phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "dependants_member_id_unique" ON "dependants" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dependants_user_unique" ON "dependants" USING btree ("user_id");