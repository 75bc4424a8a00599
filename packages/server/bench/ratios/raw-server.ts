/**
 * The raw ceiling of `npm run bench:ratios` (bench/ratios/run.ts), run as its own process:
 * Fastify 5 + pg, nothing else, answering the project's hot routes with the same SQL as the project's
 * services run today (modules/enroll, plan-data, system/reference, candidate, lib/sessions), the same
 * `{code, msg, data}` envelope and an equivalent auth check (the same auth_session lookup by the
 * SHA-256 of the bearer token, the same account state check). No compression, no schemas, no hooks:
 * what a hand-written server on the same database would answer.
 *
 * Environment: DATABASE_URL (the benchmark's database), FILES_DIR (the project's local storage folder:
 * the photo of getEnrollByPlanId is read from it, as the project reads it), PHOTO_MODE ('data': the
 * photo inlined as a data URL; 'url': only its address, when the project's answer has pictureUrl),
 * PORT (0: any; the port is printed as one JSON line {port}).
 *
 * Routes (same paths and query strings as the project's):
 * - GET /api/recruitPlan/checkCanCandidate, /api/auth/getInfo, /api/apply/:planId,
 *   /api/enroll/getEnrollByPlanId/:planId, /api/recruitPlanData/getRecruitPlanDataRegionByCategory:
 *   candidate token in User-Authorization;
 * - GET /candidate/enroll/page?current&size&planId: admin token in Authorization, the region scope of
 *   the user and the permission candidate:enroll:list (role 'admin' or a menu granting it);
 * - POST /raw/login {userName, password}: the account row by user name and an argon2id verify of its
 *   stored hash (the project's parameters are those in the hash): the login ceiling.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { ADMIN_ROLE, PERMISSIONS, PLAN_DATA_STATUS, SESSION_TTL_MS } from '@tegang/domain';

// Dates as the project's Drizzle columns give them: 'YYYY-MM-DD' strings for date columns.
pg.types.setTypeParser(1082, (v) => v);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const filesDir = process.env.FILES_DIR ?? '';
/** How the project's getEnrollByPlanId gives the photo: 'data' (a data URL) or 'url' (its address). */
const photoMode = process.env.PHOTO_MODE === 'url' ? 'url' : 'data';

const ok = (data: unknown) => ({ code: 200, msg: '操作成功', data });
class HttpError extends Error {
  constructor(readonly status: number) {
    super(String(status));
  }
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
function bearer(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  const match = /^Bearer\s+(\S+)$/i.exec(text ?? '');
  return match ? match[1]! : null;
}

/** snake_case row → camelCase object (what Drizzle's select gives). */
function camel(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row))
    out[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out;
}

/** The session of `token` of `kind`, its expiry slid as lib/sessions.ts findSession does; 401 when none. */
async function session(token: string | null, kind: 'candidate' | 'admin') {
  if (!token) throw new HttpError(401);
  const now = new Date();
  const { rows } = await pool.query<{ id: number; subject_id: number; expires_at: Date; locked: boolean }>({
    name: 'session',
    text: 'select id, subject_id, expires_at, locked from auth_session where token_hash = $1 and kind = $2 and expires_at > $3',
    values: [sha256(token), kind, now],
  });
  const row = rows[0];
  if (!row) throw new HttpError(401);
  const next = new Date(now.getTime() + SESSION_TTL_MS);
  if (next.getTime() - row.expires_at.getTime() > 60_000)
    await pool.query({
      name: 'slide',
      text: 'update auth_session set expires_at = $1 where id = $2',
      values: [next, row.id],
    });
  return row;
}

/** The candidate id of the request: a live session and an active account (state '0'); else 401. */
async function candidate(req: FastifyRequest): Promise<number> {
  const s = await session(bearer(req.headers['user-authorization']), 'candidate');
  const { rows } = await pool.query<{ state: string }>({
    name: 'candidate-state',
    text: 'select state from candidate_user where id = $1',
    values: [s.subject_id],
  });
  if (rows[0]?.state !== '0') throw new HttpError(401);
  return s.subject_id;
}

/**
 * The administrator of the request with `permission`: the session, then one query for the user's
 * state, region scope and whether a role grants the key (role 'admin' grants all); 401 or 403.
 */
async function admin(req: FastifyRequest, permission: string) {
  const s = await session(bearer(req.headers.authorization), 'admin');
  const { rows } = await pool.query<{
    state: string;
    province_code: string | null;
    city_code: string | null;
    county_code: string | null;
    allowed: boolean;
  }>({
    name: 'admin',
    text: `select u.state, u.province_code, u.city_code, u.county_code,
             exists (select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id
                     where ur.user_id = u.id and r.code = $2)
          or exists (select 1 from sys_user_role ur join sys_role_menu rm on rm.role_id = ur.role_id
                     join sys_menu m on m.id = rm.menu_id where ur.user_id = u.id and m.permission = $3) as allowed
           from sys_user u where u.id = $1`,
    values: [s.subject_id, ADMIN_ROLE, permission],
  });
  const user = rows[0];
  if (!user || user.state !== '0') throw new HttpError(401);
  if (s.locked || !user.allowed) throw new HttpError(403);
  return { provinceCode: user.province_code, cityCode: user.city_code, countyCode: user.county_code };
}

const PLAN_KEYS = ['id', 'name', 'year', 'customer_service_phone', 'service_center'];
async function openPlan() {
  const { rows } = await pool.query<Record<string, unknown>>({
    name: 'open-plan',
    text: `select * from recruit_plan where status = '1' order by id limit 1`,
  });
  return rows[0] ?? null;
}
async function applied(planId: number, candidateId: number) {
  const { rows } = await pool.query({
    name: 'apply-flag',
    text: 'select id from enroll where plan_id = $1 and candidate_id = $2',
    values: [planId, candidateId],
  });
  return rows.length > 0;
}

/** An enrolment row as the project's Enroll (toEnroll): camelCase, no pdfFile, ISO times. */
function toEnroll(row: Record<string, unknown>) {
  const { pdf_file: _pdf, plan_year, plan_name, ...rest } = row;
  const e = camel(rest);
  e.planYear = plan_year;
  e.planName = plan_name;
  if (e.auditStatus !== '2') e.auditReason = null;
  e.auditTime = (e.auditTime as Date | null)?.toISOString() ?? null;
  e.createTime = (e.createTime as Date).toISOString();
  e.updateTime = (e.updateTime as Date).toISOString();
  return e;
}

interface RegionRow {
  code: string;
  parent_code: string | null;
  name: string;
  level: number;
}
interface RegionNode {
  code: string;
  name: string;
  level: number;
  children?: RegionNode[];
}
let regions: RegionRow[] = [];

const app = Fastify({ logger: false });
app.setErrorHandler((error, _req, reply: FastifyReply) => {
  const status = error instanceof HttpError ? error.status : 500;
  return reply.status(status).send({ code: status, msg: (error as Error).message, data: null });
});

app.get('/api/recruitPlan/checkCanCandidate', async (req) => {
  const id = await candidate(req);
  let plan = await openPlan();
  if (!plan || !(await applied(plan.id as number, id))) {
    const { rows } = await pool.query<Record<string, unknown>>({
      name: 'closed-plan',
      text: `select p.* from recruit_plan p join enroll e on e.plan_id = p.id
             where p.status = '2' and e.candidate_id = $1
             order by p.enroll_end_time desc, p.id desc limit 1`,
      values: [id],
    });
    plan = rows[0] ?? plan;
  }
  const now = Date.now();
  const open =
    plan?.status === '1' &&
    (plan.enroll_start_time as Date).getTime() <= now &&
    now <= (plan.enroll_end_time as Date).getTime();
  const view = plan
    ? camel(
        Object.fromEntries(
          Object.entries(plan).filter(([k]) => PLAN_KEYS.includes(k) || k.endsWith('_time')),
        ),
      )
    : null;
  return ok({
    canCandidate: open,
    planId: plan?.id ?? null,
    message: open ? '' : 'closed',
    limitBirth: plan?.limit_birth ?? null,
    birthLimits: plan?.birth_limits ?? {},
    plan: view,
  });
});

app.get('/api/auth/getInfo', async (req) => {
  const id = await candidate(req);
  const { rows } = await pool.query<Record<string, unknown>>({
    name: 'candidate',
    text: 'select * from candidate_user where id = $1',
    values: [id],
  });
  const r = rows[0];
  if (!r || r.state !== '0') throw new HttpError(401);
  return ok({
    id: r.id,
    userName: r.user_name,
    realName: r.real_name,
    idCard: r.id_card,
    gender: r.gender,
    birthday: r.birthday,
    telephone: r.telephone,
  });
});

app.get<{ Params: { planId: string } }>('/api/apply/:planId', async (req) => {
  const id = await candidate(req);
  return ok((await applied(Number(req.params.planId), id)) ? '1' : '0');
});

app.get<{ Params: { planId: string } }>('/api/enroll/getEnrollByPlanId/:planId', async (req) => {
  const id = await candidate(req);
  const { rows } = await pool.query<Record<string, unknown>>({
    name: 'own-enroll',
    text: `select e.*, p.year as plan_year, p.name as plan_name from enroll e
           join recruit_plan p on p.id = e.plan_id where e.plan_id = $1 and e.candidate_id = $2 limit 1`,
    values: [Number(req.params.planId), id],
  });
  const row = rows[0];
  if (!row) return ok(null);
  const picture = row.picture as string | null;
  if (photoMode === 'url')
    return ok({
      ...toEnroll(row),
      pictureUrl: picture ? `/api/enroll/photo/${row.id as number}/${row.version as number}.jpg` : null,
    });
  const data = picture ? await fs.readFile(path.resolve(filesDir, picture)).catch(() => null) : null;
  return ok({
    ...toEnroll(row),
    pictureData: data ? `data:image/jpeg;base64,${data.toString('base64')}` : null,
  });
});

app.get<{ Querystring: { planId: string; category: string } }>(
  '/api/recruitPlanData/getRecruitPlanDataRegionByCategory',
  async (req) => {
    await candidate(req);
    const { rows } = await pool.query<{ city_code: string; county_code: string }>({
      name: 'counties',
      text: `select distinct province_code, city_code, county_code from recruit_plan_data
             where plan_id = $1 and status = $2 and demand_number > 0 and category = $3 order by county_code`,
      values: [Number(req.query.planId), PLAN_DATA_STATUS.active, req.query.category],
    });
    const wanted = new Set(rows.flatMap((r) => [r.city_code, r.county_code]));
    const nodes = new Map<string, RegionNode>();
    const roots: RegionNode[] = [];
    for (const r of regions)
      if (wanted.has(r.code)) nodes.set(r.code, { code: r.code, name: r.name, level: r.level });
    for (const r of regions) {
      const node = nodes.get(r.code);
      if (!node) continue;
      const parent = r.parent_code ? nodes.get(r.parent_code) : undefined;
      if (parent) (parent.children ??= []).push(node);
      else roots.push(node);
    }
    return ok(roots);
  },
);

app.get<{ Querystring: { current?: string; size?: string; planId?: string } }>(
  '/candidate/enroll/page',
  async (req) => {
    const scope = await admin(req, PERMISSIONS.enroll.list);
    const current = Number(req.query.current ?? 1);
    const size = Number(req.query.size ?? 10);
    // The scope's columns and the plan filter, as lib/scope.ts scopeWhere and enrollSearch build them.
    const where: string[] = [];
    const values: unknown[] = [];
    const add = (sql: string, v: unknown) => {
      values.push(v);
      where.push(`${sql} $${values.length}`);
    };
    if (scope.provinceCode) add('e.province_code =', scope.provinceCode);
    if (scope.cityCode) add('e.city_code =', scope.cityCode);
    if (scope.countyCode) add('e.county_code =', scope.countyCode);
    if (req.query.planId) add('e.plan_id =', Number(req.query.planId));
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const [page, count] = await Promise.all([
      pool.query<Record<string, unknown>>(
        `select e.*, p.year as plan_year, p.name as plan_name from enroll e
         join recruit_plan p on p.id = e.plan_id ${clause}
         order by e.create_time desc, e.id desc limit ${size} offset ${(current - 1) * size}`,
        values,
      ),
      pool.query<{ total: number }>(`select count(*)::int as total from enroll e ${clause}`, values),
    ]);
    return ok({ records: page.rows.map(toEnroll), total: count.rows[0]!.total, current, size });
  },
);

app.post<{ Body: { userName: string; password: string } }>('/raw/login', async (req) => {
  const { rows } = await pool.query<{ password_hash: string }>({
    name: 'login',
    text: 'select id, password_hash, state from candidate_user where user_name = $1',
    values: [req.body.userName],
  });
  const hash = rows[0]?.password_hash;
  if (!hash || !(await verify(hash, req.body.password))) throw new HttpError(400);
  return ok(true);
});

async function main() {
  // Reference data, read once: a hand-written server keeps the 3,220 regions in memory.
  regions = (
    await pool.query<RegionRow>('select code, parent_code, name, level from sys_region order by code')
  ).rows;
  const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => void app.close().then(() => pool.end().then(() => process.exit(0))));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
