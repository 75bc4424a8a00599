CREATE TABLE "enroll_compare" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"enroll_id" bigint,
	"import_id" bigint,
	"name" varchar(30) NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"academic_session" varchar(32),
	"subject" varchar(32),
	"data_source" varchar(64) NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"province_code" varchar(12),
	"city_code" varchar(12),
	"county_code" varchar(12),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_error" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"row_number" integer NOT NULL,
	"column" varchar(64),
	"value" varchar(200),
	"message_key" varchar(64) NOT NULL,
	"params" jsonb
);
--> statement-breakpoint
CREATE TABLE "import_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"param" text,
	"status" char(1) DEFAULT '0' NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_key" varchar(200),
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"percent" smallint DEFAULT 0 NOT NULL,
	"message" varchar(300),
	"admin_id" bigint NOT NULL,
	"province_code" varchar(12),
	"city_code" varchar(12),
	"county_code" varchar(12),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "candidate_user" ADD COLUMN "state_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "enroll" ADD COLUMN "audit_status" char(1) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "enroll" ADD COLUMN "audit_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "enroll" ADD COLUMN "audit_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enroll" ADD COLUMN "auditor_id" bigint;--> statement-breakpoint
ALTER TABLE "recruit_plan" ADD COLUMN "birth_limits" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "enroll_compare" ADD CONSTRAINT "enroll_compare_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enroll_compare" ADD CONSTRAINT "enroll_compare_enroll_id_enroll_id_fk" FOREIGN KEY ("enroll_id") REFERENCES "public"."enroll"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_error" ADD CONSTRAINT "import_error_job_id_import_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enroll_compare_plan_idx" ON "enroll_compare" USING btree ("plan_id","data_source");--> statement-breakpoint
CREATE INDEX "enroll_compare_id_card_idx" ON "enroll_compare" USING btree ("id_card");--> statement-breakpoint
CREATE INDEX "import_error_job_idx" ON "import_error" USING btree ("job_id","row_number");--> statement-breakpoint
CREATE INDEX "import_job_kind_idx" ON "import_job" USING btree ("kind","create_time");--> statement-breakpoint
CREATE INDEX "enroll_plan_audit_idx" ON "enroll" USING btree ("plan_id","audit_status");--> statement-breakpoint
CREATE INDEX "recruit_instruction_plan_type_idx" ON "recruit_instruction" USING btree ("plan_id","type");