CREATE TABLE "audit_trail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" varchar(64) NOT NULL,
	"actor_id" bigint,
	"actor_name" varchar(64),
	"target_table" varchar(64) NOT NULL,
	"target_id" bigint,
	"province_code" varchar(12),
	"city_code" varchar(12),
	"county_code" varchar(12),
	"detail" jsonb,
	"ip" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enroll" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_trail_time_idx" ON "audit_trail" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "audit_trail_target_idx" ON "audit_trail" USING btree ("target_table","target_id");--> statement-breakpoint
-- The trail is append-only for every role (docs/security.md "Trails").
CREATE FUNCTION "audit_trail_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_trail is append-only' USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_trail_no_change" BEFORE UPDATE OR DELETE ON "audit_trail"
  FOR EACH ROW EXECUTE FUNCTION "audit_trail_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_trail_no_truncate" BEFORE TRUNCATE ON "audit_trail"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_append_only"();--> statement-breakpoint
-- Clear views of physical examinations logged so far move into the trail (the operation log may be cleaned).
INSERT INTO "audit_trail" ("event", "actor_id", "actor_name", "target_table", "target_id", "detail", "ip", "create_time")
SELECT 'physicalExamination.viewed', "operator_id", "operator_name", 'admission_result',
       ("params"::jsonb ->> 'resultId')::bigint,
       jsonb_build_object('enrollId', "params"::jsonb -> 'enrollId', 'source', 'sys_oper_log'),
       "ip", "create_time"
  FROM "sys_oper_log"
 WHERE "params" LIKE '{"event":"physicalExamination.viewed"%';--> statement-breakpoint
-- A sealed column's value never stays in an import's problem list (only its column and row).
UPDATE "import_error" SET "value" = NULL
 WHERE "column" = 'physicalExamination'
   AND "job_id" IN (SELECT "id" FROM "import_job" WHERE "kind" = 'admissionResult');
