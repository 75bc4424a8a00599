import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The relational model (spec §3). Snake-case columns, camelCase properties as the API names them.
 * Times are timestamptz; dates (birthday, limitBirth) are `date` read as YYYY-MM-DD strings.
 */
const id = () => bigserial('id', { mode: 'number' }).primaryKey();
const createTime = () =>
  timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updateTime = () =>
  timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const ref = (name: string) => bigint(name, { mode: 'number' });

/** GB/T 2260 regions: level 1 province, 2 city, 3 county. */
export const sysRegion = pgTable(
  'sys_region',
  {
    id: id(),
    code: varchar('code', { length: 12 }).notNull(),
    parentCode: varchar('parent_code', { length: 12 }),
    name: varchar('name', { length: 64 }).notNull(),
    level: smallint('level').notNull(),
    createTime: createTime(),
  },
  (t) => [uniqueIndex('sys_region_code_uq').on(t.code), index('sys_region_parent_idx').on(t.parentCode)],
);

export const sysDictType = pgTable(
  'sys_dict_type',
  {
    id: id(),
    name: varchar('name', { length: 64 }).notNull(),
    type: varchar('type', { length: 64 }).notNull(),
    isSystem: char('is_system', { length: 1 }).notNull().default('0'),
    description: varchar('description', { length: 500 }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [uniqueIndex('sys_dict_type_type_uq').on(t.type)],
);

export const sysDictItem = pgTable(
  'sys_dict_item',
  {
    id: id(),
    dictType: varchar('dict_type', { length: 64 }).notNull(),
    label: varchar('label', { length: 100 }).notNull(),
    labelEn: varchar('label_en', { length: 200 }),
    value: varchar('value', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    isDefault: char('is_default', { length: 1 }).notNull().default('N'),
    description: varchar('description', { length: 500 }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [uniqueIndex('sys_dict_item_type_value_uq').on(t.dictType, t.value)],
);

export const sysDepartment = pgTable('sys_department', {
  id: id(),
  parentId: ref('parent_id').notNull().default(0),
  name: varchar('name', { length: 64 }).notNull(),
  phone: varchar('phone', { length: 20 }),
  sort: integer('sort').notNull().default(0),
  createTime: createTime(),
  updateTime: updateTime(),
});

/** Back-office users (spec §3 System user). Region codes are the administrator's scope (spec §6). */
export const sysUser = pgTable(
  'sys_user',
  {
    id: id(),
    userName: varchar('user_name', { length: 32 }).notNull(),
    nickName: varchar('nick_name', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    sex: varchar('sex', { length: 2 }),
    phone: varchar('phone', { length: 20 }),
    avatar: text('avatar'),
    departmentId: ref('department_id'),
    provinceCode: varchar('province_code', { length: 12 }),
    cityCode: varchar('city_code', { length: 12 }),
    countyCode: varchar('county_code', { length: 12 }),
    state: char('state', { length: 1 }).notNull().default('0'),
    // Spec §3 "User session": a supervision account's console hides the notice control.
    supervision: boolean('supervision').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [uniqueIndex('sys_user_user_name_uq').on(t.userName)],
);

export const sysRole = pgTable(
  'sys_role',
  {
    id: id(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    comments: varchar('comments', { length: 500 }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [uniqueIndex('sys_role_code_uq').on(t.code)],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    roleId: ref('role_id')
      .notNull()
      .references(() => sysRole.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Menu items and buttons (spec §3 Menu item): type '0' menu, '1' button. */
export const sysMenu = pgTable('sys_menu', {
  id: id(),
  pid: ref('pid').notNull().default(0),
  name: varchar('name', { length: 64 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }),
  path: varchar('path', { length: 200 }),
  icon: varchar('icon', { length: 64 }),
  type: char('type', { length: 1 }).notNull().default('0'),
  keepAlive: char('keep_alive', { length: 1 }).notNull().default('1'),
  permission: varchar('permission', { length: 100 }),
  // Spec §3 "Menu item": the sidebar group the item is listed under, and the query string its route opens with.
  group: varchar('group', { length: 64 }),
  query: varchar('query', { length: 200 }),
  sort: integer('sort').notNull().default(0),
  createTime: createTime(),
  updateTime: updateTime(),
});

export const sysRoleMenu = pgTable(
  'sys_role_menu',
  {
    roleId: ref('role_id')
      .notNull()
      .references(() => sysRole.id, { onDelete: 'cascade' }),
    menuId: ref('menu_id')
      .notNull()
      .references(() => sysMenu.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** Candidate accounts (spec §3 Candidate user). */
export const candidateUser = pgTable(
  'candidate_user',
  {
    id: id(),
    userName: varchar('user_name', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    realName: varchar('real_name', { length: 30 }).notNull(),
    // 64, not 18 and 11: a removed account keeps keyed hashes of both (docs/security.md "Retention").
    idCard: varchar('id_card', { length: 64 }).notNull(),
    gender: varchar('gender', { length: 2 }).notNull(),
    birthday: day('birthday').notNull(),
    telephone: varchar('telephone', { length: 64 }).notNull(),
    state: char('state', { length: 1 }).notNull().default('0'),
    /** Why an administrator disabled the account (shown to the candidate at login). */
    stateReason: varchar('state_reason', { length: 200 }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    /** The last successful login: an account unused for its retention period is removed (PIPL art. 19). */
    lastLoginTime: ts('last_login_time'),
    /** When the retention job removed the account (its personal data masked or hashed); null while kept. */
    removeTime: ts('remove_time'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('candidate_user_user_name_uq').on(t.userName),
    uniqueIndex('candidate_user_id_card_uq').on(t.idCard),
    uniqueIndex('candidate_user_telephone_uq').on(t.telephone),
  ],
);

/**
 * Sessions of both sides: opaque tokens stored as SHA-256 hashes, 2 h sliding expiry (DESIGN Auth).
 * `kind` keeps the two apart: an admin token never opens a candidate route and the reverse.
 */
export const authSession = pgTable(
  'auth_session',
  {
    id: id(),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    subjectId: ref('subject_id').notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    lockHash: text('lock_hash'),
    locked: boolean('locked').notNull().default(false),
    expiresAt: ts('expires_at').notNull(),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('auth_session_token_uq').on(t.tokenHash),
    index('auth_session_subject_idx').on(t.kind, t.subjectId),
  ],
);

/** Recruit plans (spec §3 Recruit plan). */
export const recruitPlan = pgTable(
  'recruit_plan',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    year: varchar('year', { length: 4 }).notNull(),
    company: varchar('company', { length: 100 }).notNull(),
    limitBirth: day('limit_birth').notNull(),
    status: char('status', { length: 1 }).notNull().default('0'),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    enrollStartTime: ts('enroll_start_time').notNull(),
    enrollEndTime: ts('enroll_end_time').notNull(),
    auditStartTime: ts('audit_start_time').notNull(),
    auditEndTime: ts('audit_end_time').notNull(),
    ticketPrintStartTime: ts('ticket_print_start_time').notNull(),
    ticketPrintEndTime: ts('ticket_print_end_time').notNull(),
    examStartTime: ts('exam_start_time').notNull(),
    examEndTime: ts('exam_end_time').notNull(),
    scoreQueryStartTime: ts('score_query_start_time').notNull(),
    scoreQueryEndTime: ts('score_query_end_time').notNull(),
    interviewStartTime: ts('interview_start_time').notNull(),
    interviewEndTime: ts('interview_end_time').notNull(),
    physicalExamStartTime: ts('physical_exam_start_time').notNull(),
    physicalExamEndTime: ts('physical_exam_end_time').notNull(),
    listPublishedStartTime: ts('list_published_start_time').notNull(),
    listPublishedEndTime: ts('list_published_end_time').notNull(),
    customerServicePhone: varchar('customer_service_phone', { length: 50 }),
    serviceCenter: text('service_center'),
    /**
     * Age limits per education level (sys_education code → earliest birthday allowed, YYYY-MM-DD):
     * a level listed here uses its own date, any other level `limitBirth`.
     */
    birthLimits: jsonb('birth_limits').$type<Record<string, string>>().notNull().default({}),
    /** Candidates of this plan hear of a rejection, their ticket and their results by SMS: '1' on, '0' off. */
    smsNotify: char('sms_notify', { length: 1 }).notNull().default('1'),
    /**
     * Years after the list-publication end that the plan's candidates' personal data is kept (PIPL
     * art. 19); then the retention job anonymises it (docs/security.md "Retention").
     */
    retentionYears: smallint('retention_years').notNull().default(3),
    /** When the retention job anonymised the plan's personal data; null while it is kept. */
    purgeTime: ts('purge_time'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  // At most one plan is open to candidates at a time (spec: "the open recruit plan").
  (t) => [
    uniqueIndex('recruit_plan_one_open_uq')
      .on(t.status)
      .where(sql`${t.status} = '1'`),
  ],
);

/** Demand per region × category × learning period × subject (spec §3 Recruit plan data). */
export const recruitPlanData = pgTable(
  'recruit_plan_data',
  {
    id: id(),
    planId: ref('plan_id')
      .notNull()
      .references(() => recruitPlan.id, { onDelete: 'cascade' }),
    provinceCode: varchar('province_code', { length: 12 }).notNull(),
    cityCode: varchar('city_code', { length: 12 }).notNull(),
    countyCode: varchar('county_code', { length: 12 }).notNull(),
    category: varchar('category', { length: 32 }).notNull(),
    learningPeriod: varchar('learning_period', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 32 }).notNull(),
    demandNumber: integer('demand_number').notNull().default(0),
    status: char('status', { length: 1 }).notNull().default('1'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('recruit_plan_data_uq').on(t.planId, t.countyCode, t.category, t.learningPeriod, t.subject),
    index('recruit_plan_data_plan_idx').on(t.planId, t.category),
  ],
);

/** Category → education levels that may apply (spec §3 Category-education mapping). */
export const categoryEducation = pgTable(
  'recruit_category_education',
  {
    id: id(),
    category: varchar('category', { length: 32 }).notNull(),
    education: text('education').array().notNull(),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [uniqueIndex('recruit_category_education_uq').on(t.category)],
);

/** Instructions of a plan (spec §3 Instruction): type '1' is the enrolment notice. HTML is sanitised on write. */
export const instruction = pgTable(
  'recruit_instruction',
  {
    id: id(),
    planId: ref('plan_id')
      .notNull()
      .references(() => recruitPlan.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 8 }).notNull(),
    context: text('context').notNull(),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [index('recruit_instruction_plan_type_idx').on(t.planId, t.type)],
);

/** Enrolments (spec §2 Enrolment records, §3 Enrolment). One per candidate per plan, one per ID per plan. */
export const enroll = pgTable(
  'enroll',
  {
    id: id(),
    planId: ref('plan_id')
      .notNull()
      .references(() => recruitPlan.id),
    candidateId: ref('candidate_id')
      .notNull()
      .references(() => candidateUser.id),
    /**
     * 报名序号: plan year, county code (GB/T 2260) and the county's sequence in the plan
     * (YYYY + 6 digits + 5 digits), given at the application and never changed (enroll_serial).
     */
    serialNo: varchar('serial_no', { length: 20 }),
    name: varchar('name', { length: 30 }).notNull(),
    gender: varchar('gender', { length: 2 }).notNull(),
    // 64, not 18 and 11: a purged plan keeps keyed hashes of the ID number and phone.
    idCard: varchar('id_card', { length: 64 }).notNull(),
    maritalStatus: varchar('marital_status', { length: 8 }).notNull(),
    birthday: day('birthday').notNull(),
    nation: varchar('nation', { length: 8 }).notNull(),
    veteran: varchar('veteran', { length: 8 }).notNull(),
    politicalAffiliation: varchar('political_affiliation', { length: 8 }).notNull(),
    phone: varchar('phone', { length: 64 }).notNull(),
    domicile: varchar('domicile', { length: 100 }).notNull(),
    address: varchar('address', { length: 200 }).notNull(),
    picture: varchar('picture', { length: 200 }),
    graduateCollege: varchar('graduate_college', { length: 100 }).notNull(),
    education: varchar('education', { length: 8 }).notNull(),
    graduationDate: day('graduation_date').notNull(),
    major: varchar('major', { length: 100 }).notNull(),
    isNormal: varchar('is_normal', { length: 8 }).notNull(),
    freshmen: varchar('freshmen', { length: 8 }).notNull(),
    teacherCertification: varchar('teacher_certification', { length: 8 }).notNull(),
    teacherCertificationType: varchar('teacher_certification_type', { length: 8 }),
    teacherCertificationSubject: varchar('teacher_certification_subject', { length: 32 }),
    isAdjust: varchar('is_adjust', { length: 8 }).notNull(),
    priorityCondition: varchar('priority_condition', { length: 8 }).notNull(),
    priorityContent: varchar('priority_content', { length: 32 }),
    planType: varchar('plan_type', { length: 32 }).notNull(),
    provinceCode: varchar('province_code', { length: 12 }).notNull(),
    cityCode: varchar('city_code', { length: 12 }).notNull(),
    countyCode: varchar('county_code', { length: 12 }).notNull(),
    enrollCounty: varchar('enroll_county', { length: 64 }).notNull(),
    academicSession: varchar('academic_session', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 32 }).notNull(),
    createStatus: char('create_status', { length: 1 }).notNull().default('0'),
    pdfFile: varchar('pdf_file', { length: 200 }),
    pdfDownloadNum: integer('pdf_download_num').notNull().default(0),
    isDownload: char('is_download', { length: 1 }).notNull().default('0'),
    /** On-site audit (domain AUDIT_STATUS): '0' pending, '1' passed, '2' rejected. */
    /**
     * Version of the application as a reviewer reads it: raised by every change of the candidate's or
     * an administrator's (apply, edit, phone edit, audit). An audit names the version it decided on
     * (409 when the record changed since).
     */
    version: integer('version').notNull().default(1),
    auditStatus: char('audit_status', { length: 1 }).notNull().default('0'),
    /** The reviewer's reason for a rejection (kept for the record after a resubmission). */
    auditReason: varchar('audit_reason', { length: 200 }),
    auditTime: ts('audit_time'),
    auditorId: ref('auditor_id'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    index('enroll_plan_audit_idx').on(t.planId, t.auditStatus),
    uniqueIndex('enroll_plan_candidate_uq').on(t.planId, t.candidateId),
    uniqueIndex('enroll_plan_id_card_uq').on(t.planId, t.idCard),
    uniqueIndex('enroll_plan_serial_uq').on(t.planId, t.serialNo),
    index('enroll_scope_idx').on(t.planId, t.provinceCode, t.cityCode, t.countyCode),
    index('enroll_create_time_idx').on(t.createTime),
  ],
);

/**
 * The last 报名序号 sequence given per plan and county (enroll.serialNo): the application's insert
 * raises it in the same statement, so two applications never share a number and a refused one uses none.
 */
export const enrollSerial = pgTable(
  'enroll_serial',
  {
    planId: ref('plan_id')
      .notNull()
      .references(() => recruitPlan.id, { onDelete: 'cascade' }),
    countyCode: varchar('county_code', { length: 12 }).notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.countyCode] })],
);

/** Short-lived single-use download tokens (DESIGN "Download links carry a short-lived single-use download token"). */
export const downloadToken = pgTable(
  'download_token',
  {
    tokenHash: char('token_hash', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    resourceId: ref('resource_id').notNull(),
    subjectKind: varchar('subject_kind', { length: 10 }).notNull(),
    subjectId: ref('subject_id').notNull(),
    params: jsonb('params'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('download_token_expires_idx').on(t.expiresAt)],
);

/** Server key pair for the hybrid payload encryption (DESIGN "Encrypted payloads"), made at first start. */
export const sysKeyPair = pgTable('sys_key_pair', {
  id: varchar('id', { length: 32 }).primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createTime: createTime(),
});

/** Operation log (spec §7 Operation log), written for every mutating back-office call. */
export const sysOperLog = pgTable(
  'sys_oper_log',
  {
    id: id(),
    module: varchar('module', { length: 64 }),
    businessType: varchar('business_type', { length: 16 }),
    method: varchar('method', { length: 10 }).notNull(),
    url: varchar('url', { length: 300 }).notNull(),
    operatorId: ref('operator_id'),
    operatorName: varchar('operator_name', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    params: text('params'),
    status: smallint('status').notNull(),
    errorMsg: text('error_msg'),
    costMs: integer('cost_ms').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [index('sys_oper_log_time_idx').on(t.createTime)],
);

/**
 * The append-only trail (docs/security.md "Trails"): views of sealed personal data and audit decisions.
 * No route deletes or cleans it, and triggers of the migration refuse UPDATE, DELETE and TRUNCATE for
 * every role but the table's owner acting through a migration.
 */
export const auditTrail = pgTable(
  'audit_trail',
  {
    id: id(),
    /** What happened, e.g. 'physicalExamination.viewed', 'enroll.audit'. */
    event: varchar('event', { length: 64 }).notNull(),
    actorId: ref('actor_id'),
    actorName: varchar('actor_name', { length: 64 }),
    /** The table and row the event concerns. */
    targetTable: varchar('target_table', { length: 64 }).notNull(),
    targetId: ref('target_id'),
    /** The region of the row (region scope of the readers). */
    provinceCode: varchar('province_code', { length: 12 }),
    cityCode: varchar('city_code', { length: 12 }),
    countyCode: varchar('county_code', { length: 12 }),
    /** Facts of the event: never a sealed value. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: varchar('ip', { length: 64 }),
    createTime: createTime(),
  },
  (t) => [
    index('audit_trail_time_idx').on(t.createTime),
    index('audit_trail_target_idx').on(t.targetTable, t.targetId),
  ],
);

/** A marker of what was seeded, so that seeding runs once. */
export const seedMarker = pgTable('seed_marker', {
  name: varchar('name', { length: 64 }).primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * The entries of packages/domain SCREENS already applied to this database's menu (db/menu-sync.ts):
 * `key` is a group's or screen's menu path, or a button's permission key; `menuId` the row it made
 * or adopted, null once an administrator deleted that row (it is then never re-created).
 */
export const screenSync = pgTable('screen_sync', {
  key: varchar('key', { length: 200 }).primaryKey(),
  menuId: ref('menu_id').references(() => sysMenu.id, { onDelete: 'set null' }),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Login log (RuoYi-style): every back-office (and candidate) login attempt, success or failure. */
export const sysLoginLog = pgTable(
  'sys_login_log',
  {
    id: id(),
    userName: varchar('user_name', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    result: varchar('result', { length: 10 }).notNull(),
    msg: varchar('msg', { length: 300 }),
    createTime: createTime(),
  },
  (t) => [index('sys_login_log_time_idx').on(t.createTime)],
);

/** Website setting (spec §3): a single row; absent means the defaults. */
export const sysWebsiteConfig = pgTable('sys_website_config', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull(),
  enName: varchar('en_name', { length: 200 }).notNull(),
  logo: varchar('logo', { length: 300 }),
  indexPic: varchar('index_pic', { length: 300 }),
  showCopyright: char('show_copyright', { length: 1 }).notNull().default('1'),
  showLogo: char('show_logo', { length: 1 }).notNull().default('1'),
  copyright: varchar('copyright', { length: 500 }),
  updateTime: updateTime(),
});

/** Browser errors uploaded from the console's local error log (spec §2 error log dialog, §3 entry). */
export const sysErrorLog = pgTable(
  'sys_error_log',
  {
    id: id(),
    userId: ref('user_id'),
    userName: varchar('user_name', { length: 64 }),
    type: varchar('type', { length: 32 }).notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    info: text('info'),
    url: varchar('url', { length: 500 }),
    clientTime: varchar('client_time', { length: 40 }),
    createTime: createTime(),
  },
  (t) => [index('sys_error_log_time_idx').on(t.createTime)],
);

/**
 * Enrolment comparison (spec §2 "Enrolment comparison"): the rows of an external list (the on-site
 * audit sheet, another system's export) matched to enrolments by ID number and plan. `differences`
 * lists the fields that disagree (empty when the row matches; the field 'enroll' when no enrolment of
 * that ID number existed in the plan and the importer's region). Region codes are the matched
 * enrolment's (else the importer's), so lists narrow by region like enrolments. A new import of the
 * same plan and data source replaces the earlier rows of that source.
 *
 * Rows are written in bulk (up to 100,000 per import) and carry no foreign key, whose check runs per row
 * (docs/decisions.md "Comparison rows without foreign keys"). A row is a snapshot of its import and
 * keeps no reference to the enrolment it was compared with: that enrolment is (plan_id, id_card),
 * unique in `enroll`. The plan is kept by a lock and a trigger instead (see planId).
 */
export const enrollCompare = pgTable(
  'enroll_compare',
  {
    id: id(),
    // Not a foreign key (decisions, as above): the import locks its plan FOR KEY SHARE while it writes,
    // and the trigger enroll_compare_plan_gone (migration 0009) deletes a deleted plan's rows.
    planId: ref('plan_id').notNull(),
    importId: ref('import_id'),
    name: varchar('name', { length: 30 }).notNull(),
    idCard: varchar('id_card', { length: 64 }).notNull(),
    academicSession: varchar('academic_session', { length: 32 }),
    subject: varchar('subject', { length: 32 }),
    dataSource: varchar('data_source', { length: 64 }).notNull(),
    differences: jsonb('differences')
      .$type<{ field: string; expected: string | null; actual: string | null }[]>()
      .notNull()
      .default([]),
    provinceCode: varchar('province_code', { length: 12 }),
    cityCode: varchar('city_code', { length: 12 }),
    countyCode: varchar('county_code', { length: 12 }),
    createTime: createTime(),
  },
  (t) => [
    index('enroll_compare_plan_idx').on(t.planId, t.dataSource),
    // Hash, not B-tree: an ID number is only ever searched by equality (lib/enroll-filters.ts), and a
    // hash entry costs an import's COPY less (docs/decisions.md "Comparison ID numbers in a hash index").
    index('enroll_compare_id_card_idx').using('hash', t.idCard),
  ],
);

/**
 * Background jobs (the one jobs mechanism, src/jobs): imports, ticket PDF generation, every batch.
 * A row is the job's progress and outcome; pg-boss carries the work to a node. status (domain
 * JOB_STATUS): '0' queued, '1' running, '2' done, '3' rejected (row errors; nothing written), '4' failed.
 * `processed` of `total` drive the progress bar; the starter's id and region narrow who may read it.
 */
export const job = pgTable(
  'job',
  {
    id: id(),
    /** The job kind of the registry (jobs/registry.ts): an import definition's kind, 'ticketPdf', … */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** The kind's own parameters (text; JSON for the ticket job). */
    param: text('param'),
    /** JOB_STATUS: queued, running, done, rejected, failed. */
    status: char('status', { length: 1 }).notNull().default('0'),
    /** What the job works on, as the list shows it: the uploaded file's name, or "plan 3". */
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** The upload in storage (imports), removed when the job ends. */
    fileKey: varchar('file_key', { length: 200 }),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** Runs started for this job: a run after the first is a restart after its node stopped. */
    attempts: smallint('attempts').notNull().default(0),
    /** 0–100 for the progress bar: the share of the work done, then 100 when finished. */
    percent: smallint('percent').notNull().default(0),
    message: varchar('message', { length: 300 }),
    /**
     * The run that holds the job (node name and a per-process id); every write of a run is
     * conditioned on it, so a run that lost the job to another node writes nothing more.
     */
    runner: varchar('runner', { length: 100 }),
    /** Last sign of life of the running run: older than JOB_STALE_SECONDS, any node re-queues it. */
    heartbeatTime: ts('heartbeat_time'),
    adminId: ref('admin_id').notNull(),
    provinceCode: varchar('province_code', { length: 12 }),
    cityCode: varchar('city_code', { length: 12 }),
    countyCode: varchar('county_code', { length: 12 }),
    createTime: createTime(),
    finishTime: ts('finish_time'),
  },
  (t) => [
    index('job_kind_idx').on(t.kind, t.createTime),
    index('job_running_idx')
      .on(t.heartbeatTime)
      .where(sql`status = '1'`),
  ],
);

/** One bad cell or row of an import (spec §7 pageImportError): a message key and its params, never HTML. */
export const importError = pgTable(
  'import_error',
  {
    id: id(),
    jobId: ref('job_id')
      .notNull()
      .references(() => job.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    column: varchar('column', { length: 64 }),
    value: varchar('value', { length: 200 }),
    messageKey: varchar('message_key', { length: 64 }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>(),
  },
  (t) => [index('import_error_job_idx').on(t.jobId, t.rowNumber)],
);

/**
 * Admission tickets (spec §3 "Admission ticket"): one per enrolment that passed the audit.
 * The candidate's fields are read from the enrolment (and its region codes scope the ticket). A seat
 * (plan, exam place, room, seat) is held by one ticket only; so is an admission number in a plan.
 */
export const admissionTicket = pgTable(
  'admission_ticket',
  {
    id: id(),
    planId: ref('plan_id')
      .notNull()
      .references(() => recruitPlan.id),
    enrollId: ref('enroll_id')
      .notNull()
      .references(() => enroll.id, { onDelete: 'cascade' }),
    admissionNumber: varchar('admission_number', { length: 32 }).notNull(),
    examDate: day('exam_date').notNull(),
    examTime: varchar('exam_time', { length: 50 }).notNull(),
    examPlace: varchar('exam_place', { length: 100 }).notNull(),
    examAddress: varchar('exam_address', { length: 200 }).notNull(),
    examRoomNumber: varchar('exam_room_number', { length: 16 }).notNull(),
    seatNumber: varchar('seat_number', { length: 8 }).notNull(),
    examinationRoomNotice: text('examination_room_notice').notNull(),
    /** The arrangement's exam site code ('01'…'99'); null for a ticket entered or imported by hand. */
    siteCode: varchar('site_code', { length: 2 }),
    /** domain TICKET_STATUS: '0' not distributed, '1' distributed. */
    status: char('status', { length: 1 }).notNull().default('0'),
    /** domain TICKET_CREATE_STATUS: '0' not generated (or stale), '1' the stored PDF is current. */
    ticketCreateStatus: char('ticket_create_status', { length: 1 }).notNull().default('0'),
    pdfFile: varchar('pdf_file', { length: 200 }),
    ticketFileDownloadNum: integer('ticket_file_download_num').notNull().default(0),
    isDownload: char('is_download', { length: 1 }).notNull().default('0'),
    importId: ref('import_id'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('admission_ticket_enroll_uq').on(t.enrollId),
    uniqueIndex('admission_ticket_number_uq').on(t.planId, t.admissionNumber),
    uniqueIndex('admission_ticket_seat_uq').on(t.planId, t.examPlace, t.examRoomNumber, t.seatNumber),
    index('admission_ticket_plan_status_idx').on(t.planId, t.status),
  ],
);

/** The last room and seat arrangement settings of a plan (domain arrangementSchema), to start the next from. */
export const ticketArrangement = pgTable('ticket_arrangement', {
  planId: ref('plan_id')
    .primaryKey()
    .references(() => recruitPlan.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updateTime: updateTime(),
});

/**
 * Admission results (spec §3 "Admission result"): one per enrolment, imported. Scores are
 * numeric(6,2) read as text. `physicalExamination` is sealed (lib/sealed.ts, bound to its row), never clear.
 */
export const admissionResult = pgTable(
  'admission_result',
  {
    id: id(),
    planId: ref('plan_id')
      .notNull()
      .references(() => recruitPlan.id),
    enrollId: ref('enroll_id')
      .notNull()
      .references(() => enroll.id, { onDelete: 'cascade' }),
    admissionNumber: varchar('admission_number', { length: 32 }),
    /** domain ADMISSION_PASS. */
    reviewResult: char('review_result', { length: 1 }),
    writeExamScore: numeric('write_exam_score', { precision: 6, scale: 2 }),
    interviewScore: numeric('interview_score', { precision: 6, scale: 2 }),
    examTotalScore: numeric('exam_total_score', { precision: 6, scale: 2 }),
    /** Sealed text 'v2.…' or 'v2sm.…' (older 'v1.…'; lib/sealed.ts); null when not given. */
    physicalExamination: text('physical_examination'),
    /** domain ADMISSION_PASS. */
    preJobTraining: char('pre_job_training', { length: 1 }),
    /** County code (GB/T 2260) of the admission. */
    admissionCounty: varchar('admission_county', { length: 12 }),
    admissionAcademicSession: varchar('admission_academic_session', { length: 32 }),
    admissionSubject: varchar('admission_subject', { length: 32 }),
    officeSchool: varchar('office_school', { length: 100 }),
    remarks: varchar('remarks', { length: 500 }),
    /** domain ADMISSION_STATUS. */
    admissionStatus: char('admission_status', { length: 1 }).notNull().default('0'),
    importId: ref('import_id'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('admission_result_enroll_uq').on(t.enrollId),
    index('admission_result_plan_status_idx').on(t.planId, t.admissionStatus),
  ],
);

/**
 * The SMS template of each candidate notice (domain SMS_NOTICE_EVENTS): the provider's approved
 * template id for Aliyun and Tencent Cloud, and the text the console provider writes. A missing row
 * means the domain defaults (zh text, no template id).
 */
export const smsNoticeTemplate = pgTable('sms_notice_template', {
  event: varchar('event', { length: 16 }).primaryKey(),
  templateCode: varchar('template_code', { length: 64 }),
  text: varchar('text', { length: 300 }).notNull(),
  updateTime: updateTime(),
});

/**
 * One SMS notice to one enrolment (modules/sms-notice): written before the send, so that no event
 * reaches a candidate twice (unique enrolment × event), then marked sent or failed with the
 * provider's message id. It keeps neither the text, nor a code, nor the reviewer's reason.
 * status: '0' sending, '1' sent, '2' failed.
 */
export const smsNotification = pgTable(
  'sms_notification',
  {
    id: id(),
    planId: ref('plan_id')
      .notNull()
      .references(() => recruitPlan.id, { onDelete: 'cascade' }),
    enrollId: ref('enroll_id')
      .notNull()
      .references(() => enroll.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 16 }).notNull(),
    status: char('status', { length: 1 }).notNull().default('0'),
    providerMessageId: varchar('provider_message_id', { length: 100 }),
    jobId: ref('job_id'),
    /** Sends tried: a failed one is tried again with backoff until SMS_NOTICE_MAX_ATTEMPTS. */
    attempts: smallint('attempts').notNull().default(1),
    /** When a failed notice is due again; null when sent, sending or out of attempts. */
    nextAttemptTime: ts('next_attempt_time'),
    /** The provider's error of the last failed send (its code and message, never the text sent). */
    error: varchar('error', { length: 200 }),
    createTime: createTime(),
    sendTime: ts('send_time'),
  },
  (t) => [
    uniqueIndex('sms_notification_enroll_event_uq').on(t.enrollId, t.event),
    index('sms_notification_plan_event_idx').on(t.planId, t.event, t.status),
    index('sms_notification_retry_idx')
      .on(t.nextAttemptTime)
      .where(sql`next_attempt_time is not null`),
  ],
);

// ---- After the written exam (domain selection.ts; docs/decisions.md "Scoring rules") -----------------------

/**
 * A plan's scoring rules (domain ScoringRules): the shortlist ratios, pass lines, weights and rounding,
 * tie-breaks, 递补 and 调剂, the hiring list's publication length and per-post overrides. Set by the
 * province; absent means the domain's DEFAULT_SCORING_RULES.
 */
export const selectionRule = pgTable('selection_rule', {
  planId: ref('plan_id')
    .primaryKey()
    .references(() => recruitPlan.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').$type<Record<string, unknown>>().notNull(),
  updatedBy: ref('updated_by'),
  updateTime: updateTime(),
});

/**
 * An enrolment's exam scores: the written score from the exam authority's file (by admission ticket
 * number) and the interview score from the county office, numeric(6,2) read as text. A score is null
 * until entered; `…Absent` marks 缺考 (then the score is null).
 */
export const examScore = pgTable(
  'exam_score',
  {
    enrollId: ref('enroll_id')
      .primaryKey()
      .references(() => enroll.id, { onDelete: 'cascade' }),
    planId: ref('plan_id')
      .notNull()
      .references(() => recruitPlan.id),
    written: numeric('written', { precision: 6, scale: 2 }),
    writtenAbsent: boolean('written_absent').notNull().default(false),
    interview: numeric('interview', { precision: 6, scale: 2 }),
    interviewAbsent: boolean('interview_absent').notNull().default(false),
    writtenImportId: ref('written_import_id'),
    interviewImportId: ref('interview_import_id'),
    updateTime: updateTime(),
  },
  (t) => [index('exam_score_plan_idx').on(t.planId)],
);

/** The interview notice of a county in a plan: when and where its shortlisted candidates are interviewed. */
export const interviewNotice = pgTable(
  'interview_notice',
  {
    planId: ref('plan_id')
      .notNull()
      .references(() => recruitPlan.id, { onDelete: 'cascade' }),
    countyCode: varchar('county_code', { length: 12 }).notNull(),
    time: varchar('time', { length: 100 }).notNull(),
    place: varchar('place', { length: 200 }).notNull(),
    notes: varchar('notes', { length: 1000 }),
    updateTime: updateTime(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.countyCode] })],
);

/**
 * One publication of a stage of a plan's selection (domain SELECTION_STAGES: the interview
 * shortlist, the physical-exam list, the hiring list). A correction published again is a new
 * version; the highest version of a stage is what candidates and the public read.
 */
export const selectionPublication = pgTable(
  'selection_publication',
  {
    id: id(),
    planId: ref('plan_id')
      .notNull()
      .references(() => recruitPlan.id, { onDelete: 'cascade' }),
    stage: varchar('stage', { length: 16 }).notNull(),
    version: integer('version').notNull(),
    publishedBy: ref('published_by'),
    publishTime: ts('publish_time').notNull(),
    /** The hiring list: the last instant of its publication; null for the other stages. */
    endTime: ts('end_time'),
    /** Counts of the publication (posts, candidates in, ties, flags): never personal data. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('selection_publication_uq').on(t.planId, t.stage, t.version)],
);

/**
 * A candidate's place in the published lists of a plan: what the last publication of each stage
 * said of her, with the reason (domain ShortlistReason / RankReason), and what the office recorded
 * since (the physical exam, a fill of a vacancy, the school). Candidates and the public page read
 * only this table; previews are computed from exam_score and the rules and never stored.
 */
export const selectionEntry = pgTable(
  'selection_entry',
  {
    enrollId: ref('enroll_id')
      .primaryKey()
      .references(() => enroll.id, { onDelete: 'cascade' }),
    planId: ref('plan_id')
      .notNull()
      .references(() => recruitPlan.id),
    /** Rank of the written score in her post among those who sat the exam. */
    writtenRank: integer('written_rank'),
    shortlisted: boolean('shortlisted'),
    shortlistReason: varchar('shortlist_reason', { length: 16 }),
    /** The post's cut-off written score when published. */
    cutoff: numeric('cutoff', { precision: 6, scale: 2 }),
    total: numeric('total', { precision: 6, scale: 2 }),
    totalRank: integer('total_rank'),
    rankReason: varchar('rank_reason', { length: 16 }),
    /** On the published physical-exam list. */
    selected: boolean('selected'),
    /** domain ADMISSION_PASS: '1' 合格, '0' 不合格; null while not recorded. */
    physicalExamPass: char('physical_exam_pass', { length: 1 }),
    /** The examination's detail, sealed (lib/sealed.ts, bound to its row) like admission results'. */
    physicalExamDetail: text('physical_exam_detail'),
    /** A vacancy she fills (递补 or 调剂): its post, how it was reached and the office's decision. */
    fillCountyCode: varchar('fill_county_code', { length: 12 }),
    fillCategory: varchar('fill_category', { length: 32 }),
    fillLearningPeriod: varchar('fill_learning_period', { length: 32 }),
    fillSubject: varchar('fill_subject', { length: 32 }),
    fillReach: varchar('fill_reach', { length: 10 }),
    /** '0' proposed, '1' confirmed, '2' declined (domain FILL_STATUS). */
    fillStatus: char('fill_status', { length: 1 }),
    /** On the published hiring list (拟聘用). */
    hired: boolean('hired'),
    officeSchool: varchar('office_school', { length: 100 }),
    updateTime: updateTime(),
  },
  (t) => [index('selection_entry_plan_idx').on(t.planId)],
);
