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
ALTER TABLE "no_prescription_reasons" ADD CONSTRAINT "no_prescription_reasons_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_prescription_reasons" ADD CONSTRAINT "no_prescription_reasons_physician_id_users_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_choices" ADD CONSTRAINT "pharmacy_choices_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_orders" ADD CONSTRAINT "prescription_orders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_orders" ADD CONSTRAINT "prescription_orders_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_orders" ADD CONSTRAINT "prescription_orders_prescriber_id_users_id_fk" FOREIGN KEY ("prescriber_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pharmacy_choices_member_idx" ON "pharmacy_choices" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "prescription_orders_member_idx" ON "prescription_orders" USING btree ("member_id");