CREATE TABLE "admission_result" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"enroll_id" bigint NOT NULL,
	"admission_number" varchar(32),
	"review_result" char(1),
	"write_exam_score" numeric(6, 2),
	"interview_score" numeric(6, 2),
	"exam_total_score" numeric(6, 2),
	"physical_examination" text,
	"pre_job_training" char(1),
	"admission_county" varchar(12),
	"admission_academic_session" varchar(32),
	"admission_subject" varchar(32),
	"office_school" varchar(100),
	"remarks" varchar(500),
	"admission_status" char(1) DEFAULT '0' NOT NULL,
	"import_id" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_ticket" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"enroll_id" bigint NOT NULL,
	"admission_number" varchar(32) NOT NULL,
	"exam_date" date NOT NULL,
	"exam_time" varchar(50) NOT NULL,
	"exam_place" varchar(100) NOT NULL,
	"exam_address" varchar(200) NOT NULL,
	"exam_room_number" varchar(16) NOT NULL,
	"seat_number" varchar(8) NOT NULL,
	"examination_room_notice" text NOT NULL,
	"site_code" varchar(2),
	"status" char(1) DEFAULT '0' NOT NULL,
	"ticket_create_status" char(1) DEFAULT '0' NOT NULL,
	"pdf_file" varchar(200),
	"ticket_file_download_num" integer DEFAULT 0 NOT NULL,
	"is_download" char(1) DEFAULT '0' NOT NULL,
	"import_id" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_arrangement" (
	"plan_id" bigint PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admission_result" ADD CONSTRAINT "admission_result_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_result" ADD CONSTRAINT "admission_result_enroll_id_enroll_id_fk" FOREIGN KEY ("enroll_id") REFERENCES "public"."enroll"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_ticket" ADD CONSTRAINT "admission_ticket_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_ticket" ADD CONSTRAINT "admission_ticket_enroll_id_enroll_id_fk" FOREIGN KEY ("enroll_id") REFERENCES "public"."enroll"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_arrangement" ADD CONSTRAINT "ticket_arrangement_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_result_enroll_uq" ON "admission_result" USING btree ("enroll_id");--> statement-breakpoint
CREATE INDEX "admission_result_plan_status_idx" ON "admission_result" USING btree ("plan_id","admission_status");--> statement-breakpoint
CREATE UNIQUE INDEX "admission_ticket_enroll_uq" ON "admission_ticket" USING btree ("enroll_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admission_ticket_number_uq" ON "admission_ticket" USING btree ("plan_id","admission_number");--> statement-breakpoint
CREATE UNIQUE INDEX "admission_ticket_seat_uq" ON "admission_ticket" USING btree ("plan_id","exam_place","exam_room_number","seat_number");--> statement-breakpoint
CREATE INDEX "admission_ticket_plan_status_idx" ON "admission_ticket" USING btree ("plan_id","status");