-- Room on each page of the account tables for a row's new version: a login writes the row twice
-- (the attempt's reservation, then its release with the session), and a version that fits on its
-- page is a heap-only update, which touches none of the table's four indexes. Pages written from
-- now on keep 15 % free; a VACUUM FULL of the table applies it to the pages already written.
ALTER TABLE "candidate_user" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "sys_user" SET (fillfactor = 85);
