-- After the written exam (domain selection.ts): a plan's scoring rules, the written and interview scores
-- of each enrolment, the interview notice of each county, the publications of the interview shortlist,
-- the physical-exam list and the hiring list, and each candidate's place in what was published.
CREATE TABLE "exam_score" (
	"enroll_id" bigint PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"written" numeric(6, 2),
	"written_absent" boolean DEFAULT false NOT NULL,
	"interview" numeric(6, 2),
	"interview_absent" boolean DEFAULT false NOT NULL,
	"written_import_id" bigint,
	"interview_import_id" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_notice" (
	"plan_id" bigint NOT NULL,
	"county_code" varchar(12) NOT NULL,
	"time" varchar(100) NOT NULL,
	"place" varchar(200) NOT NULL,
	"notes" varchar(1000),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_notice_plan_id_county_code_pk" PRIMARY KEY("plan_id","county_code")
);
--> statement-breakpoint
CREATE TABLE "selection_entry" (
	"enroll_id" bigint PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"written_rank" integer,
	"shortlisted" boolean,
	"shortlist_reason" varchar(16),
	"cutoff" numeric(6, 2),
	"total" numeric(6, 2),
	"total_rank" integer,
	"rank_reason" varchar(16),
	"selected" boolean,
	"physical_exam_pass" char(1),
	"physical_exam_detail" text,
	"fill_county_code" varchar(12),
	"fill_category" varchar(32),
	"fill_learning_period" varchar(32),
	"fill_subject" varchar(32),
	"fill_reach" varchar(10),
	"fill_status" char(1),
	"hired" boolean,
	"office_school" varchar(100),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_publication" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"stage" varchar(16) NOT NULL,
	"version" integer NOT NULL,
	"published_by" bigint,
	"publish_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"summary" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_rule" (
	"plan_id" bigint PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_by" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_score" ADD CONSTRAINT "exam_score_enroll_id_enroll_id_fk" FOREIGN KEY ("enroll_id") REFERENCES "public"."enroll"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_score" ADD CONSTRAINT "exam_score_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_notice" ADD CONSTRAINT "interview_notice_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_entry" ADD CONSTRAINT "selection_entry_enroll_id_enroll_id_fk" FOREIGN KEY ("enroll_id") REFERENCES "public"."enroll"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_entry" ADD CONSTRAINT "selection_entry_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_publication" ADD CONSTRAINT "selection_publication_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_rule" ADD CONSTRAINT "selection_rule_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_score_plan_idx" ON "exam_score" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "selection_entry_plan_idx" ON "selection_entry" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "selection_publication_uq" ON "selection_publication" USING btree ("plan_id","stage","version");