-- A comparison row's ID number is only ever searched by equality (the list's 身份证号 filter,
-- lib/enroll-filters.ts), never by range or prefix, while an import writes up to 100,000 rows in one
-- COPY, the ID numbers of a list kept by county and name in no order: a hash entry goes into its
-- bucket, where a B-tree entry lands on a random leaf page. The COPY of such a list of 100,000 rows
-- costs about a third less (docs/decisions.md "Comparison ID numbers in a hash index"). Rebuilt once
-- at the upgrade, under the table's lock: a few seconds on a million rows.
DROP INDEX "enroll_compare_id_card_idx";--> statement-breakpoint
CREATE INDEX "enroll_compare_id_card_idx" ON "enroll_compare" USING hash ("id_card");
