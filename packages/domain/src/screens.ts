import type { MessageKey } from './i18n';
import { PERMISSIONS, type PermissionKey } from './permissions';

/**
 * The back-office screens (spec §2 "Back-office routes", "Menus"): one table that drives both the
 * menu rows the server seeds and keeps in step at every start (packages/server src/db/menu-sync.ts)
 * and the console's routes (packages/web src/admin/pages.ts, which needs a component for every path
 * here — a missing one fails the type check).
 *
 * A screen's menu path is `path`; its console route is `path + '/index'`. Its page permission is the
 * `list` key of its PERMISSIONS group and every other key of the group becomes a button under it,
 * in declaration order, named by {@link BUTTON_LABELS}. Names come from the message catalogues
 * (`labelKey`, zh → menu name, en → English name). `order` is the menu row's sort value, which
 * orders siblings (groups among groups, screens within their group); the buttons of a screen take
 * `order + 1`, `order + 2`, … in declaration order. The values below are those the first seed has
 * always written, so existing and new databases sort alike: give a new screen a value above its
 * group's last one (a new group one above 42), or between two siblings to place it there.
 *
 * Adding a screen is one row in its group's `screens` (plus its catalogue label and its component in
 * the web's page map). Changing or removing a row here does not change existing databases: the
 * menu belongs to the administrators once it is there (docs/decisions.md "Screens reach existing
 * databases").
 */
export interface ScreenDef {
  /** Menu path, e.g. '/recruit/recruitPlan'; unique across the table. */
  readonly path: `/${string}`;
  /** The PERMISSIONS group: `list` is the page's key, the other keys its buttons. */
  readonly permissions: { readonly list: PermissionKey } & Readonly<Record<string, PermissionKey>>;
  /** An @ant-design/icons component name the console bundles (web admin/layout/icons.tsx). */
  readonly icon: string;
  /** Sort among the screens of the group. */
  readonly order: number;
  /** Catalogue key of the menu name (zh and en). */
  readonly labelKey: MessageKey;
}

/** A top-level menu group with its screens. */
export interface ScreenGroupDef {
  readonly path: `/${string}`;
  readonly icon: string;
  readonly order: number;
  readonly labelKey: MessageKey;
  readonly screens: readonly ScreenDef[];
}

export const SCREENS = [
  {
    path: '/recruit',
    icon: 'TeamOutlined',
    order: 0,
    labelKey: 'screen.recruit',
    screens: [
      {
        // The console route is /wel/dashboard/index; the web serves /wel/dashboard too (spec §2).
        path: '/wel/dashboard',
        permissions: PERMISSIONS.dashboard,
        icon: 'DashboardOutlined',
        order: 0,
        labelKey: 'screen.dashboard',
      },
      {
        path: '/recruit/recruitPlan',
        permissions: PERMISSIONS.recruitPlan,
        icon: 'ScheduleOutlined',
        order: 1,
        labelKey: 'screen.recruitPlan',
      },
      {
        path: '/recruit/recruitPlanData',
        permissions: PERMISSIONS.planData,
        icon: 'TableOutlined',
        order: 2,
        labelKey: 'screen.planData',
      },
      {
        path: '/recruit/educationPlan',
        permissions: PERMISSIONS.educationPlan,
        icon: 'ReadOutlined',
        order: 3,
        labelKey: 'screen.educationPlan',
      },
      {
        path: '/recruit/instruction',
        permissions: PERMISSIONS.instruction,
        icon: 'FileTextOutlined',
        order: 4,
        labelKey: 'screen.instruction',
      },
      {
        path: '/candidate/enroll',
        permissions: PERMISSIONS.enroll,
        icon: 'SolutionOutlined',
        order: 7,
        labelKey: 'screen.enroll',
      },
      {
        path: '/candidate/enrollCompare',
        permissions: PERMISSIONS.enrollCompare,
        icon: 'DiffOutlined',
        order: 8,
        labelKey: 'screen.enrollCompare',
      },
      {
        path: '/candidate/registeredPersonnel',
        permissions: PERMISSIONS.registeredPersonnel,
        icon: 'IdcardOutlined',
        order: 9,
        labelKey: 'screen.registeredPersonnel',
      },
      {
        path: '/candidate/candidateUserState',
        permissions: PERMISSIONS.candidateUserState,
        icon: 'UserSwitchOutlined',
        order: 10,
        labelKey: 'screen.candidateUserState',
      },
      {
        path: '/candidate/admissionTicket',
        permissions: PERMISSIONS.admissionTicket,
        icon: 'FileProtectOutlined',
        order: 11,
        labelKey: 'screen.admissionTicket',
      },
      {
        path: '/candidate/admissionResults',
        permissions: PERMISSIONS.admissionResult,
        icon: 'TrophyOutlined',
        order: 12,
        labelKey: 'screen.admissionResult',
      },
    ],
  },
  {
    path: '/system',
    icon: 'SettingOutlined',
    order: 13,
    labelKey: 'screen.system',
    screens: [
      {
        path: '/system/user',
        permissions: PERMISSIONS.user,
        icon: 'UserOutlined',
        order: 14,
        labelKey: 'screen.user',
      },
      {
        path: '/system/role',
        permissions: PERMISSIONS.role,
        icon: 'SafetyCertificateOutlined',
        order: 21,
        labelKey: 'screen.role',
      },
      {
        path: '/system/menu',
        permissions: PERMISSIONS.menu,
        icon: 'MenuOutlined',
        order: 26,
        labelKey: 'screen.menu',
      },
      {
        path: '/system/department',
        permissions: PERMISSIONS.department,
        icon: 'ApartmentOutlined',
        order: 30,
        labelKey: 'screen.department',
      },
      {
        path: '/system/region',
        permissions: PERMISSIONS.region,
        icon: 'EnvironmentOutlined',
        order: 34,
        labelKey: 'screen.region',
      },
      {
        path: '/system/dict',
        permissions: PERMISSIONS.dict,
        icon: 'BookOutlined',
        order: 38,
        labelKey: 'screen.dict',
      },
    ],
  },
  {
    path: '/monitor',
    icon: 'MonitorOutlined',
    order: 42,
    labelKey: 'screen.monitor',
    screens: [
      {
        path: '/monitor/operlog',
        permissions: PERMISSIONS.operLog,
        icon: 'FileSearchOutlined',
        order: 43,
        labelKey: 'screen.operlog',
      },
      {
        path: '/monitor/loginlog',
        permissions: PERMISSIONS.loginLog,
        icon: 'LoginOutlined',
        order: 46,
        labelKey: 'screen.loginlog',
      },
      {
        path: '/monitor/online',
        permissions: PERMISSIONS.online,
        icon: 'GlobalOutlined',
        order: 48,
        labelKey: 'screen.online',
      },
    ],
  },
] as const satisfies readonly ScreenGroupDef[];

/** The menu path of a screen in {@link SCREENS}: a path not in the table does not type-check. */
export type ScreenPath = (typeof SCREENS)[number]['screens'][number]['path'];
/** The menu path of a group in {@link SCREENS}. */
export type ScreenGroupPath = (typeof SCREENS)[number]['path'];

/** The action part of a permission key, i.e. a property name in a PERMISSIONS group ('add', 'export'). */
export type PermissionAction = {
  [G in keyof typeof PERMISSIONS]: keyof (typeof PERMISSIONS)[G];
}[keyof typeof PERMISSIONS];

/**
 * Catalogue key of the name of a button by its action (its property name in PERMISSIONS): a new
 * action without a label here fails the type check.
 */
export const BUTTON_LABELS: Record<PermissionAction, MessageKey> = {
  list: 'screen.button.list',
  query: 'screen.button.query',
  add: 'screen.button.add',
  edit: 'screen.button.edit',
  remove: 'screen.button.remove',
  status: 'screen.button.status',
  export: 'screen.button.export',
  generate: 'screen.button.generate',
  resetPsw: 'screen.button.resetPsw',
  state: 'screen.button.state',
  auth: 'screen.button.auth',
  forceLogout: 'screen.button.forceLogout',
  upload: 'screen.button.upload',
  import: 'screen.button.import',
  audit: 'screen.button.audit',
  arrange: 'screen.button.arrange',
  distribute: 'screen.button.distribute',
  physicalExam: 'screen.button.physicalExam',
  notify: 'screen.button.notify',
  smsTemplate: 'screen.button.smsTemplate',
  retention: 'screen.button.retention',
  rules: 'screen.button.rules',
  score: 'screen.button.score',
  notice: 'screen.button.notice',
  publish: 'screen.button.publish',
  fill: 'screen.button.fill',
  school: 'screen.button.school',
  results: 'screen.button.results',
};

/** A button of a screen: its permission key and the catalogue key of its name. */
export interface ScreenButton {
  permission: PermissionKey;
  labelKey: MessageKey;
}

/**
 * The buttons of `screen`: every key of its PERMISSIONS group but the page key (`list`), in
 * declaration order.
 */
export function screenButtons(screen: ScreenDef): ScreenButton[] {
  return Object.entries(screen.permissions)
    .filter(([action]) => action !== 'list')
    .map(([action, permission]) => ({
      permission,
      labelKey: BUTTON_LABELS[action as PermissionAction],
    }));
}

/** The console route of a screen (spec §2: a menu leaf maps to its path + '/index'). */
export const screenRoute = (path: ScreenPath): `${ScreenPath}/index` => `${path}/index`;

/** Every screen of {@link SCREENS} with its group, in table order. */
export const ALL_SCREENS: readonly (ScreenDef & { path: ScreenPath; group: ScreenGroupPath })[] =
  SCREENS.flatMap((g) => g.screens.map((s) => ({ ...s, group: g.path })));
