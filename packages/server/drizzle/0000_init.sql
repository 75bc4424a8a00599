CREATE TABLE "auth_session" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" char(64) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"subject_id" bigint NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(300),
	"lock_hash" text,
	"locked" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_user" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_name" varchar(32) NOT NULL,
	"password_hash" text NOT NULL,
	"real_name" varchar(30) NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"gender" varchar(2) NOT NULL,
	"birthday" date NOT NULL,
	"telephone" varchar(11) NOT NULL,
	"state" char(1) DEFAULT '0' NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruit_category_education" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category" varchar(32) NOT NULL,
	"education" text[] NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_token" (
	"token_hash" char(64) PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"resource_id" bigint NOT NULL,
	"subject_kind" varchar(10) NOT NULL,
	"subject_id" bigint NOT NULL,
	"params" jsonb,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enroll" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"candidate_id" bigint NOT NULL,
	"name" varchar(30) NOT NULL,
	"gender" varchar(2) NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"marital_status" varchar(8) NOT NULL,
	"birthday" date NOT NULL,
	"nation" varchar(8) NOT NULL,
	"veteran" varchar(8) NOT NULL,
	"political_affiliation" varchar(8) NOT NULL,
	"phone" varchar(11) NOT NULL,
	"domicile" varchar(100) NOT NULL,
	"address" varchar(200) NOT NULL,
	"picture" varchar(200),
	"graduate_college" varchar(100) NOT NULL,
	"education" varchar(8) NOT NULL,
	"graduation_date" date NOT NULL,
	"major" varchar(100) NOT NULL,
	"is_normal" varchar(8) NOT NULL,
	"freshmen" varchar(8) NOT NULL,
	"teacher_certification" varchar(8) NOT NULL,
	"teacher_certification_type" varchar(8),
	"teacher_certification_subject" varchar(32),
	"is_adjust" varchar(8) NOT NULL,
	"priority_condition" varchar(8) NOT NULL,
	"priority_content" varchar(32),
	"plan_type" varchar(32) NOT NULL,
	"province_code" varchar(12) NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"county_code" varchar(12) NOT NULL,
	"enroll_county" varchar(64) NOT NULL,
	"academic_session" varchar(32) NOT NULL,
	"subject" varchar(32) NOT NULL,
	"create_status" char(1) DEFAULT '0' NOT NULL,
	"pdf_file" varchar(200),
	"pdf_download_num" integer DEFAULT 0 NOT NULL,
	"is_download" char(1) DEFAULT '0' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruit_instruction" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"type" varchar(8) NOT NULL,
	"context" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruit_plan" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"year" varchar(4) NOT NULL,
	"company" varchar(100) NOT NULL,
	"limit_birth" date NOT NULL,
	"status" char(1) DEFAULT '0' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"enroll_start_time" timestamp with time zone NOT NULL,
	"enroll_end_time" timestamp with time zone NOT NULL,
	"audit_start_time" timestamp with time zone NOT NULL,
	"audit_end_time" timestamp with time zone NOT NULL,
	"ticket_print_start_time" timestamp with time zone NOT NULL,
	"ticket_print_end_time" timestamp with time zone NOT NULL,
	"exam_start_time" timestamp with time zone NOT NULL,
	"exam_end_time" timestamp with time zone NOT NULL,
	"score_query_start_time" timestamp with time zone NOT NULL,
	"score_query_end_time" timestamp with time zone NOT NULL,
	"interview_start_time" timestamp with time zone NOT NULL,
	"interview_end_time" timestamp with time zone NOT NULL,
	"physical_exam_start_time" timestamp with time zone NOT NULL,
	"physical_exam_end_time" timestamp with time zone NOT NULL,
	"list_published_start_time" timestamp with time zone NOT NULL,
	"list_published_end_time" timestamp with time zone NOT NULL,
	"customer_service_phone" varchar(50),
	"service_center" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruit_plan_data" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"province_code" varchar(12) NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"county_code" varchar(12) NOT NULL,
	"category" varchar(32) NOT NULL,
	"learning_period" varchar(32) NOT NULL,
	"subject" varchar(32) NOT NULL,
	"demand_number" integer DEFAULT 0 NOT NULL,
	"status" char(1) DEFAULT '1' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_marker" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_department" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT 0 NOT NULL,
	"name" varchar(64) NOT NULL,
	"phone" varchar(20),
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_item" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dict_type" varchar(64) NOT NULL,
	"label" varchar(100) NOT NULL,
	"label_en" varchar(200),
	"value" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_default" char(1) DEFAULT 'N' NOT NULL,
	"description" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_type" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"type" varchar(64) NOT NULL,
	"is_system" char(1) DEFAULT '0' NOT NULL,
	"description" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_error_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"user_name" varchar(64),
	"type" varchar(32) NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"info" text,
	"url" varchar(500),
	"client_time" varchar(40),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_key_pair" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(300),
	"result" varchar(10) NOT NULL,
	"msg" varchar(300),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pid" bigint DEFAULT 0 NOT NULL,
	"name" varchar(64) NOT NULL,
	"name_en" varchar(100),
	"path" varchar(200),
	"icon" varchar(64),
	"type" char(1) DEFAULT '0' NOT NULL,
	"keep_alive" char(1) DEFAULT '1' NOT NULL,
	"permission" varchar(100),
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_oper_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"module" varchar(64),
	"business_type" varchar(16),
	"method" varchar(10) NOT NULL,
	"url" varchar(300) NOT NULL,
	"operator_id" bigint,
	"operator_name" varchar(64),
	"ip" varchar(64),
	"params" text,
	"status" smallint NOT NULL,
	"error_msg" text,
	"cost_ms" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_region" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" varchar(12) NOT NULL,
	"parent_code" varchar(12),
	"name" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"code" varchar(64) NOT NULL,
	"comments" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role_menu" (
	"role_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL,
	CONSTRAINT "sys_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_name" varchar(32) NOT NULL,
	"nick_name" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"sex" varchar(2),
	"phone" varchar(20),
	"avatar" text,
	"department_id" bigint,
	"province_code" varchar(12),
	"city_code" varchar(12),
	"county_code" varchar(12),
	"state" char(1) DEFAULT '0' NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sys_website_config" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"en_name" varchar(200) NOT NULL,
	"logo" varchar(300),
	"index_pic" varchar(300),
	"show_copyright" char(1) DEFAULT '1' NOT NULL,
	"show_logo" char(1) DEFAULT '1' NOT NULL,
	"copyright" varchar(500),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enroll" ADD CONSTRAINT "enroll_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enroll" ADD CONSTRAINT "enroll_candidate_id_candidate_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidate_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_instruction" ADD CONSTRAINT "recruit_instruction_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_plan_data" ADD CONSTRAINT "recruit_plan_data_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_menu_id_sys_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_session_token_uq" ON "auth_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_session_subject_idx" ON "auth_session" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_user_user_name_uq" ON "candidate_user" USING btree ("user_name");--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_user_id_card_uq" ON "candidate_user" USING btree ("id_card");--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_user_telephone_uq" ON "candidate_user" USING btree ("telephone");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_category_education_uq" ON "recruit_category_education" USING btree ("category");--> statement-breakpoint
CREATE INDEX "download_token_expires_idx" ON "download_token" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enroll_plan_candidate_uq" ON "enroll" USING btree ("plan_id","candidate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enroll_plan_id_card_uq" ON "enroll" USING btree ("plan_id","id_card");--> statement-breakpoint
CREATE INDEX "enroll_scope_idx" ON "enroll" USING btree ("plan_id","province_code","city_code","county_code");--> statement-breakpoint
CREATE INDEX "enroll_create_time_idx" ON "enroll" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_plan_one_open_uq" ON "recruit_plan" USING btree ("status") WHERE "recruit_plan"."status" = '1';--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_plan_data_uq" ON "recruit_plan_data" USING btree ("plan_id","county_code","category","learning_period","subject");--> statement-breakpoint
CREATE INDEX "recruit_plan_data_plan_idx" ON "recruit_plan_data" USING btree ("plan_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_item_type_value_uq" ON "sys_dict_item" USING btree ("dict_type","value");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_type_type_uq" ON "sys_dict_type" USING btree ("type");--> statement-breakpoint
CREATE INDEX "sys_error_log_time_idx" ON "sys_error_log" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_login_log_time_idx" ON "sys_login_log" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_oper_log_time_idx" ON "sys_oper_log" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_region_code_uq" ON "sys_region" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sys_region_parent_idx" ON "sys_region" USING btree ("parent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_code_uq" ON "sys_role" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_user_name_uq" ON "sys_user" USING btree ("user_name");