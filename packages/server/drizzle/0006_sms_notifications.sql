CREATE TABLE "sms_notice_template" (
	"event" varchar(16) PRIMARY KEY NOT NULL,
	"template_code" varchar(64),
	"text" varchar(300) NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_notification" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"enroll_id" bigint NOT NULL,
	"event" varchar(16) NOT NULL,
	"status" char(1) DEFAULT '0' NOT NULL,
	"provider_message_id" varchar(100),
	"job_id" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"send_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recruit_plan" ADD COLUMN "sms_notify" char(1) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_notification" ADD CONSTRAINT "sms_notification_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_notification" ADD CONSTRAINT "sms_notification_enroll_id_enroll_id_fk" FOREIGN KEY ("enroll_id") REFERENCES "public"."enroll"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_notification_enroll_event_uq" ON "sms_notification" USING btree ("enroll_id","event");--> statement-breakpoint
CREATE INDEX "sms_notification_plan_event_idx" ON "sms_notification" USING btree ("plan_id","event","status");