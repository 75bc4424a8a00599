/**
 * Permission keys, `module:entity:action` (spec §6, DESIGN "Permissions fail closed"). Declared once:
 * the server checks them on every route and the UI shows buttons by them. A permission list of
 * exactly ['*'] grants everything.
 */
export const PERMISSIONS = {
  recruitPlan: {
    list: 'recruit:recruitPlan:list',
    query: 'recruit:recruitPlan:query',
    add: 'recruit:recruitPlan:add',
    edit: 'recruit:recruitPlan:edit',
    remove: 'recruit:recruitPlan:remove',
    status: 'recruit:recruitPlan:status',
    /** The plan's SMS notices: the switch, the counts, the results notice. */
    notify: 'recruit:recruitPlan:notify',
    /** The SMS notice templates of every plan (settings). */
    smsTemplate: 'recruit:recruitPlan:smsTemplate',
    /** A plan's retention of personal data: the preview and the run (docs/security.md "Retention"). */
    retention: 'recruit:recruitPlan:retention',
  },
  dashboard: {
    list: 'recruit:dashboard:list',
    /** The statistics of a plan as xlsx (totals and funnel, per day, county, subject and post). */
    export: 'recruit:dashboard:export',
  },
  planData: {
    list: 'recruit:recruitPlanData:list',
    query: 'recruit:recruitPlanData:query',
    add: 'recruit:recruitPlanData:add',
    edit: 'recruit:recruitPlanData:edit',
    remove: 'recruit:recruitPlanData:remove',
    status: 'recruit:recruitPlanData:status',
    import: 'recruit:recruitPlanData:import',
    export: 'recruit:recruitPlanData:export',
  },
  educationPlan: {
    list: 'recruit:educationPlan:list',
    add: 'recruit:educationPlan:add',
    edit: 'recruit:educationPlan:edit',
    remove: 'recruit:educationPlan:remove',
  },
  instruction: {
    list: 'recruit:instruction:list',
    query: 'recruit:instruction:query',
    add: 'recruit:instruction:add',
    edit: 'recruit:instruction:edit',
    remove: 'recruit:instruction:remove',
  },
  enroll: {
    list: 'candidate:enroll:list',
    query: 'candidate:enroll:query',
    edit: 'candidate:enroll:edit',
    remove: 'candidate:enroll:remove',
    export: 'candidate:enroll:export',
    generate: 'candidate:enroll:generate',
    audit: 'candidate:enroll:audit',
  },
  enrollCompare: {
    list: 'candidate:enrollCompare:list',
    import: 'candidate:enrollCompare:import',
    export: 'candidate:enrollCompare:export',
  },
  registeredPersonnel: {
    list: 'candidate:registeredPersonnel:list',
    query: 'candidate:registeredPersonnel:query',
    edit: 'candidate:registeredPersonnel:edit',
    remove: 'candidate:registeredPersonnel:remove',
  },
  candidateUserState: {
    list: 'candidate:candidateUser:list',
    state: 'candidate:candidateUser:state',
  },
  admissionTicket: {
    list: 'candidate:admissionTicket:list',
    query: 'candidate:admissionTicket:query',
    add: 'candidate:admissionTicket:add',
    edit: 'candidate:admissionTicket:edit',
    remove: 'candidate:admissionTicket:remove',
    import: 'candidate:admissionTicket:import',
    export: 'candidate:admissionTicket:export',
    /** Room and seat arrangement (preview and save). */
    arrange: 'candidate:admissionTicket:arrange',
    /** Distribute and cancel, singly, by id list or for a whole plan. */
    distribute: 'candidate:admissionTicket:distribute',
    /** Generate ticket PDFs (generateAdmissionTicket). */
    generate: 'candidate:admissionTicket:generate',
  },
  admissionResult: {
    list: 'candidate:admissionResults:list',
    query: 'candidate:admissionResults:query',
    remove: 'candidate:admissionResults:remove',
    import: 'candidate:admissionResults:import',
    export: 'candidate:admissionResults:export',
    /** Sees the physical examination result in clear (PIPL art. 28 sensitive data; every view logged). */
    physicalExam: 'candidate:admissionResults:physicalExam',
  },
  /**
   * After the written exam (selection.ts): scores, the interview shortlist, the physical-exam list,
   * fills of vacancies, schools and the hiring list of a plan. Rules, publications and the admission
   * results written from the hiring list are the province's; scores, notices, outcomes, fills and
   * schools are entered by each office for its own posts.
   */
  selection: {
    list: 'recruit:selection:list',
    rules: 'recruit:selection:rules',
    score: 'recruit:selection:score',
    notice: 'recruit:selection:notice',
    publish: 'recruit:selection:publish',
    physicalExam: 'recruit:selection:physicalExam',
    fill: 'recruit:selection:fill',
    school: 'recruit:selection:school',
    results: 'recruit:selection:results',
    export: 'recruit:selection:export',
  },
  // System management.
  user: {
    list: 'system:user:list',
    query: 'system:user:query',
    add: 'system:user:add',
    edit: 'system:user:edit',
    remove: 'system:user:remove',
    resetPsw: 'system:user:resetPsw',
    state: 'system:user:state',
  },
  role: {
    list: 'system:role:list',
    add: 'system:role:add',
    edit: 'system:role:edit',
    remove: 'system:role:remove',
    auth: 'system:role:auth',
  },
  menu: {
    list: 'system:menu:list',
    add: 'system:menu:add',
    edit: 'system:menu:edit',
    remove: 'system:menu:remove',
  },
  department: {
    list: 'system:department:list',
    add: 'system:department:add',
    edit: 'system:department:edit',
    remove: 'system:department:remove',
  },
  region: {
    list: 'system:region:list',
    add: 'system:region:add',
    edit: 'system:region:edit',
    remove: 'system:region:remove',
  },
  dict: {
    list: 'system:dict:list',
    add: 'system:dict:add',
    edit: 'system:dict:edit',
    remove: 'system:dict:remove',
  },
  operLog: {
    list: 'monitor:operlog:list',
    query: 'monitor:operlog:query',
    remove: 'monitor:operlog:remove',
  },
  loginLog: {
    list: 'monitor:loginlog:list',
    remove: 'monitor:loginlog:remove',
  },
  online: {
    list: 'monitor:online:list',
    forceLogout: 'monitor:online:forceLogout',
  },
  website: {
    edit: 'system:website:edit',
  },
  file: {
    upload: 'system:file:upload',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type PermissionKey = Leaves<typeof PERMISSIONS>;
export const ALL_PERMISSIONS = '*';

/** All declared keys, for seeding menus/buttons and for checks. */
export const PERMISSION_KEYS: PermissionKey[] = Object.values(PERMISSIONS).flatMap((group) =>
  Object.values(group),
);

const DECLARED: ReadonlySet<string> = new Set(PERMISSION_KEYS);

/**
 * True when `key` is one of the declared keys above. A menu row or button may only carry such a key:
 * the all-rights grant `*` belongs to the built-in admin role (spec §6), never to a menu row, and the
 * server ignores any other text found on a row (docs/security.md "Rights, escalation and region scope").
 */
export function isPermissionKey(key: unknown): key is PermissionKey {
  return typeof key === 'string' && DECLARED.has(key);
}

/** True when a holder of `granted` may use `key`: '*' grants everything. */
export function hasPermission(granted: readonly string[], key: string): boolean {
  return granted.includes(ALL_PERMISSIONS) || granted.includes(key);
}

/** The role constant of spec §6. */
export const ADMIN_ROLE = 'admin';

/** The user name of the administrator seeded at the first start (DESIGN "Runtime"): never deleted or renamed. */
export const SEEDED_ADMIN = 'admin';
