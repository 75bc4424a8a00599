ALTER TABLE "import_job" RENAME TO "job";--> statement-breakpoint
ALTER TABLE "import_error" DROP CONSTRAINT "import_error_job_id_import_job_id_fk";
--> statement-breakpoint
DROP INDEX "import_job_kind_idx";--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "runner" varchar(100);--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "heartbeat_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_error" ADD CONSTRAINT "import_error_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_kind_idx" ON "job" USING btree ("kind","create_time");--> statement-breakpoint
CREATE INDEX "job_running_idx" ON "job" USING btree ("heartbeat_time") WHERE status = '1';