CREATE TABLE "screen_sync" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"menu_id" bigint,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screen_sync" ADD CONSTRAINT "screen_sync_menu_id_sys_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_menu"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Databases seeded before this release (seed_marker 'initial') already hold the menu of these SCREENS
-- entries: record them as applied, adopting the row that carries each path (menu) or permission
-- (button), so that the start-up sync neither duplicates them nor re-creates one an administrator
-- deleted (docs/decisions.md "Screens reach existing databases").
INSERT INTO "screen_sync" ("key", "menu_id")
SELECT k.key,
  (SELECT m.id FROM "sys_menu" m
    WHERE (m.type = '0' AND m.path = k.key) OR (m.type = '1' AND m.permission = k.key)
    ORDER BY m.id LIMIT 1)
FROM (VALUES
  ('/recruit'),
  ('/recruit/recruitPlan'),
  ('recruit:recruitPlan:query'),
  ('recruit:recruitPlan:add'),
  ('recruit:recruitPlan:edit'),
  ('recruit:recruitPlan:remove'),
  ('recruit:recruitPlan:status'),
  ('/candidate/enroll'),
  ('candidate:enroll:query'),
  ('candidate:enroll:edit'),
  ('candidate:enroll:remove'),
  ('candidate:enroll:export'),
  ('candidate:enroll:generate'),
  ('/system'),
  ('/system/user'),
  ('system:user:query'),
  ('system:user:add'),
  ('system:user:edit'),
  ('system:user:remove'),
  ('system:user:resetPsw'),
  ('system:user:state'),
  ('/system/role'),
  ('system:role:add'),
  ('system:role:edit'),
  ('system:role:remove'),
  ('system:role:auth'),
  ('/system/menu'),
  ('system:menu:add'),
  ('system:menu:edit'),
  ('system:menu:remove'),
  ('/system/department'),
  ('system:department:add'),
  ('system:department:edit'),
  ('system:department:remove'),
  ('/system/region'),
  ('system:region:add'),
  ('system:region:edit'),
  ('system:region:remove'),
  ('/system/dict'),
  ('system:dict:add'),
  ('system:dict:edit'),
  ('system:dict:remove'),
  ('/monitor'),
  ('/monitor/operlog'),
  ('monitor:operlog:query'),
  ('monitor:operlog:remove'),
  ('/monitor/loginlog'),
  ('monitor:loginlog:remove'),
  ('/monitor/online'),
  ('monitor:online:forceLogout')
) AS k(key)
WHERE EXISTS (SELECT 1 FROM "seed_marker" WHERE "name" = 'initial');
