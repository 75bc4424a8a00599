-- A comparison row's ID number is only ever searched by equality (the list's 身份证号 filter,
-- lib/enroll-filters.ts), never by range or prefix, while an import writes up to 100,000 rows in one
-- COPY: a hash entry goes into its bucket, where a B-tree entry is placed in key order. On 100,000 rows
-- the COPY took 445–545 ms with the hash index against 490–560 ms with the B-tree for ID numbers in
-- order, and 410–435 ms against 580–790 ms in no order (docs/decisions.md "Comparison ID numbers in a
-- hash index"). Rebuilt once at the upgrade, under the table's lock: a few seconds on a million rows.
DROP INDEX "enroll_compare_id_card_idx";--> statement-breakpoint
CREATE INDEX "enroll_compare_id_card_idx" ON "enroll_compare" USING hash ("id_card");
