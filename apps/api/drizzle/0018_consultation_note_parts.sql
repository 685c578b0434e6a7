CREATE TABLE "consultation_note_addenda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_note_parts" (
	"appointment_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"template_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone,
	CONSTRAINT "consultation_note_parts_appointment_id_author_id_pk" PRIMARY KEY("appointment_id","author_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "health_profile_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_note_addenda" ADD CONSTRAINT "consultation_note_addenda_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_note_addenda" ADD CONSTRAINT "consultation_note_addenda_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_note_parts" ADD CONSTRAINT "consultation_note_parts_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_note_parts" ADD CONSTRAINT "consultation_note_parts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_note_addenda_appointment_idx" ON "consultation_note_addenda" USING btree ("appointment_id","created_at");