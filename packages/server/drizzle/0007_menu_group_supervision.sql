ALTER TABLE "sys_menu" ADD COLUMN "group" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_menu" ADD COLUMN "query" varchar(200);--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "supervision" boolean DEFAULT false NOT NULL;