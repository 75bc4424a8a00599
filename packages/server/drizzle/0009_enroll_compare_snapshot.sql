-- Comparison rows carry no foreign key (docs/decisions.md "Comparison rows without foreign keys"): a
-- key's check runs per inserted row, and an import writes 100,000 of them. The enrolment reference
-- goes (a row's enrolment is its plan_id and id_card); the plan is kept by the import's lock on it
-- and by the trigger below, which removes a deleted plan's rows as the key's cascade did.
ALTER TABLE "enroll_compare" DROP CONSTRAINT "enroll_compare_plan_id_recruit_plan_id_fk";
--> statement-breakpoint
ALTER TABLE "enroll_compare" DROP CONSTRAINT "enroll_compare_enroll_id_enroll_id_fk";
--> statement-breakpoint
DROP INDEX "enroll_compare_enroll_idx";--> statement-breakpoint
ALTER TABLE "enroll_compare" DROP COLUMN "enroll_id";--> statement-breakpoint
CREATE FUNCTION "enroll_compare_plan_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "enroll_compare" c USING gone WHERE c."plan_id" = gone."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "enroll_compare_plan_gone" AFTER DELETE ON "recruit_plan"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "enroll_compare_plan_gone"();
