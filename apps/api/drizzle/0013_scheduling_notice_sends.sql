CREATE TABLE "scheduling_notice_sends" (
	"key" text PRIMARY KEY NOT NULL,
	"scheduled_appointment_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
