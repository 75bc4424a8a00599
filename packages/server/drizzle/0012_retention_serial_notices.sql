-- A province lives in years: the 报名序号 of every enrolment (plan year, county, the county's sequence),
-- the retention setting of each plan and the time its personal data was anonymised (PIPL art. 19,
-- docs/security.md "Retention"), the last login of each candidate account, and the retries of a failed
-- SMS notice. ID numbers and phones widen to 64 characters for the keyed hashes that replace them when
-- a plan's retention ends (varchar widening rewrites neither table nor index).
CREATE TABLE "enroll_serial" (
	"plan_id" bigint NOT NULL,
	"county_code" varchar(12) NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "enroll_serial_plan_id_county_code_pk" PRIMARY KEY("plan_id","county_code")
);
--> statement-breakpoint
ALTER TABLE "candidate_user" ALTER COLUMN "id_card" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "candidate_user" ALTER COLUMN "telephone" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "enroll" ALTER COLUMN "id_card" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "enroll" ALTER COLUMN "phone" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "enroll_compare" ALTER COLUMN "id_card" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "recruit_plan" ALTER COLUMN "sms_notify" SET DEFAULT '1';--> statement-breakpoint
ALTER TABLE "candidate_user" ADD COLUMN "last_login_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidate_user" ADD COLUMN "remove_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enroll" ADD COLUMN "serial_no" varchar(20);--> statement-breakpoint
ALTER TABLE "recruit_plan" ADD COLUMN "retention_years" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "recruit_plan" ADD COLUMN "purge_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_notification" ADD COLUMN "attempts" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_notification" ADD COLUMN "next_attempt_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_notification" ADD COLUMN "error" varchar(200);--> statement-breakpoint
ALTER TABLE "enroll_serial" ADD CONSTRAINT "enroll_serial_plan_id_recruit_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruit_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Enrolments made before the 报名序号 existed get theirs in application order per plan and county, and
-- the counters start after them.
UPDATE "enroll" e SET "serial_no" = s.serial
FROM (
  SELECT e2."id",
         p."year" || e2."county_code" || lpad((row_number() OVER (PARTITION BY e2."plan_id", e2."county_code" ORDER BY e2."create_time", e2."id"))::text, 5, '0') AS serial
  FROM "enroll" e2 JOIN "recruit_plan" p ON p."id" = e2."plan_id"
) s
WHERE s."id" = e."id";--> statement-breakpoint
INSERT INTO "enroll_serial" ("plan_id", "county_code", "last_value")
SELECT "plan_id", "county_code", count(*) FROM "enroll" GROUP BY "plan_id", "county_code";--> statement-breakpoint
-- The last login before the column existed: the newest candidate session, else the account's creation.
UPDATE "candidate_user" c SET "last_login_time" = greatest(c."create_time", (
  SELECT max(s."create_time") FROM "auth_session" s WHERE s."kind" = 'candidate' AND s."subject_id" = c."id"
));--> statement-breakpoint
CREATE UNIQUE INDEX "enroll_plan_serial_uq" ON "enroll" USING btree ("plan_id","serial_no");--> statement-breakpoint
CREATE INDEX "sms_notification_retry_idx" ON "sms_notification" USING btree ("next_attempt_time") WHERE next_attempt_time is not null;