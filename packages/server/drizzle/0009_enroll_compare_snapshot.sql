-- Comparison rows keep no reference to their enrolment (docs/decisions.md "Comparison rows without an
-- enrolment reference"): the foreign key cost a checked, locked enrolment row per imported row.
ALTER TABLE "enroll_compare" DROP CONSTRAINT "enroll_compare_enroll_id_enroll_id_fk";
--> statement-breakpoint
DROP INDEX "enroll_compare_enroll_idx";--> statement-breakpoint
ALTER TABLE "enroll_compare" DROP COLUMN "enroll_id";