-- Every login updates its account row twice (the lockout's reservation, then its release with the
-- session: lib/login.ts, lib/sessions.ts), and accounts are written once and then packed into full
-- pages. With a tenth of each page kept free, those updates stay on the row's page without touching
-- the account's four indexes (heap-only tuples) instead of adding an entry to each of them, on the
-- deadline day's logins too (docs/decisions.md "Account pages with room for logins"). Pages written
-- before this migration keep no room until they are rewritten (VACUUM FULL).
ALTER TABLE "candidate_user" SET (fillfactor = 90);
--> statement-breakpoint
ALTER TABLE "sys_user" SET (fillfactor = 90);
