import { z } from 'zod';
import { newPasswordString, userNameString } from './account';
import { isEmpty } from './rules';
import type { MenuItem } from './menu';
import {
  INT_MAX,
  codeString,
  idNumber,
  numberFilter,
  optionalString,
  phoneString,
  requiredString,
  type FieldLabels,
} from './validation';

/**
 * System management payloads (spec §3 System user, Role, Menu item, Department, Region, Dictionary,
 * Dictionary item; §5 their rules; §7 Users, Roles, Menus, Departments, Region, Dictionaries).
 */

/** A row id: 1 … 2147483647 (never a database range error). */
const id = () => idNumber();
/** An optional phone by the §5 rule: '' and null mean none. */
const optionalPhone = () => z.preprocess((v) => (isEmpty(v) ? undefined : v), phoneString().optional());
/** A '0'/'1' flag. */
const flag = (requiredKey: Parameters<typeof codeString>[0] = 'rule.required') =>
  z.enum(['0', '1'], { error: requiredKey });

// ---- Users ------------------------------------------------------------------------------------
export const USER_STATE = { enabled: '0', disabled: '1' } as const;
export const USER_STATES = ['0', '1'] as const;
/** State of a back-office user: USER_STATE.enabled '0', USER_STATE.disabled '1'. */
export type UserState = (typeof USER_STATES)[number];

const regionCode = () => optionalString(12);
const userFields = {
  nickName: requiredString(64, 'system.user.nickName.required'),
  sex: codeString(),
  departmentId: id(),
  provinceCode: regionCode(),
  cityCode: regionCode(),
  countyCode: regionCode(),
  roleIds: z.array(id(), { error: 'rule.required' }).min(1, { error: 'rule.required' }).max(50),
  state: z.enum(USER_STATES, { error: 'rule.invalidOption' }).default('0'),
  phone: optionalPhone(),
  avatar: optionalString(500),
  /**
   * A supervision account (spec §3 "User session": its console hides the notice control). Left out,
   * a new user is not one and an edited user keeps its flag.
   */
  supervision: z.boolean({ error: 'rule.invalidOption' }).optional(),
};
/** At least one region level (spec §5 "region (at least one level)"), reported on `region`. */
function refineRegion(
  v: { provinceCode?: string; cityCode?: string; countyCode?: string },
  ctx: z.RefinementCtx,
) {
  if (!v.provinceCode && !v.cityCode && !v.countyCode)
    ctx.addIssue({ code: 'custom', path: ['region'], message: 'rule.required' });
  else if ((v.countyCode && !v.cityCode) || (v.cityCode && !v.provinceCode))
    ctx.addIssue({ code: 'custom', path: ['region'], message: 'rule.invalidOption' });
}
/** POST /system/user (encrypted). */
export const userCreateSchema = z
  .object({ ...userFields, userName: userNameString(), password: newPasswordString() })
  .superRefine(refineRegion);
/** PUT /system/user (encrypted): no password (reset it with resetPsw). */
export const userUpdateSchema = z
  .object({ ...userFields, id: id(), userName: userNameString() })
  .superRefine(refineRegion);
export type UserCreateInput = z.output<typeof userCreateSchema>;
export type UserUpdateInput = z.output<typeof userUpdateSchema>;
/** PUT /system/user/updateById (encrypted): the caller's own profile. */
export const userProfileSchema = z.object({
  nickName: requiredString(64, 'system.user.nickName.required'),
  phone: optionalPhone(),
  sex: optionalString(2),
  avatar: optionalString(500),
});
export type UserProfileInput = z.output<typeof userProfileSchema>;
/** Search of POST /system/user/list. */
export const userQuerySchema = z.object({
  userName: optionalString(32),
  nickName: optionalString(64),
  phone: numberFilter(20),
  state: optionalString(1),
  departmentId: z.preprocess((v) => (isEmpty(v) ? undefined : v), id().optional()),
});
/** The search fields of POST /system/user/list (paging comes beside them). */
export type UserQuery = z.output<typeof userQuerySchema>;
export const USER_LABELS: FieldLabels = {
  nickName: 'field.nickName',
  sex: 'field.sex',
  departmentId: 'field.departmentId',
  roleIds: 'field.roleIds',
  region: 'field.region',
  state: 'field.state',
};

// ---- Roles ------------------------------------------------------------------------------------
const roleFields = {
  name: requiredString(64, 'system.role.name.required'),
  code: z
    .string({ error: 'rule.required' })
    .trim()
    .min(1, { error: 'rule.required' })
    .max(64, { error: 'rule.maxLength' })
    .regex(/^[A-Za-z][\w-]*$/, { error: 'system.role.code.format' }),
  comments: optionalString(500, 'text'),
};
export const roleCreateSchema = z.object(roleFields);
export const roleUpdateSchema = z.object({ ...roleFields, id: id() });
export type RoleInput = z.output<typeof roleCreateSchema>;
export const roleAuthSchema = z.object({
  roleId: id(),
  menuIds: z.array(id()).max(5000).default([]),
});
export const ROLE_LABELS: FieldLabels = {
  name: 'field.role.name',
  code: 'field.role.code',
  comments: 'field.comments',
};

// ---- Menus ------------------------------------------------------------------------------------
export const MENU_TYPE = { menu: '0', button: '1' } as const;
/** A menu item's query: name=value pairs (value may be empty) joined by '&', no spaces or '#'. */
export const MENU_QUERY = /^[^\s=&#?]+=[^\s&#]*(&[^\s=&#?]+=[^\s&#]*)*$/;
const menuFields = {
  pid: z.coerce
    .number({ error: 'system.menu.pid.required' })
    .int()
    .min(0, { error: 'system.menu.pid.required' })
    .max(INT_MAX, { error: 'rule.id' }),
  name: requiredString(64, 'system.menu.name.required'),
  nameEn: optionalString(100),
  type: z.enum(['0', '1'], { error: 'system.menu.type.required' }),
  path: optionalString(200),
  keepAlive: z.preprocess(
    (v) => (isEmpty(v) ? undefined : v),
    flag('system.menu.keepAlive.required').optional(),
  ),
  permission: optionalString(100),
  icon: optionalString(64),
  /** Spec §3 "Menu item" `group`: the group the sidebar lists the item under (a label; none: ungrouped). */
  group: optionalString(64),
  /**
   * Spec §3 "Menu item" `query`: the query string the item's page opens with, without '?'
   * (`type=1&tab=audit`), as name=value pairs joined by '&'.
   */
  query: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/^\?/, '') || undefined : v),
    optionalString(200).refine((v) => v === undefined || MENU_QUERY.test(v), {
      error: 'system.menu.query.format',
    }),
  ),
  sort: z.coerce.number().int().min(0).max(1_000_000).optional(),
};
/** Route and keep-alive are required for menus, the permission for buttons (spec §5 Menu). */
function refineMenu(
  v: { type: '0' | '1'; path?: string; keepAlive?: string; permission?: string },
  ctx: z.RefinementCtx,
) {
  if (v.type === '0') {
    if (!v.path) ctx.addIssue({ code: 'custom', path: ['path'], message: 'system.menu.path.required' });
    if (!v.keepAlive)
      ctx.addIssue({ code: 'custom', path: ['keepAlive'], message: 'system.menu.keepAlive.required' });
  } else if (!v.permission) {
    ctx.addIssue({ code: 'custom', path: ['permission'], message: 'system.menu.permission.required' });
  }
}
export const menuCreateSchema = z.object(menuFields).superRefine(refineMenu);
export const menuUpdateSchema = z.object({ ...menuFields, id: id() }).superRefine(refineMenu);
export type MenuInput = z.output<typeof menuCreateSchema>;
export const MENU_LABELS: FieldLabels = {
  pid: 'field.menu.pid',
  name: 'field.menu.name',
  path: 'field.menu.path',
  type: 'field.menu.type',
  keepAlive: 'field.menu.keepAlive',
  permission: 'field.menu.permission',
  group: 'field.menu.group',
  query: 'field.menu.query',
};

// ---- Departments ------------------------------------------------------------------------------
const departmentFields = {
  parentId: z.coerce
    .number({ error: 'system.department.parent.required' })
    .int()
    .min(0, { error: 'system.department.parent.required' })
    .max(INT_MAX, { error: 'rule.id' }),
  name: requiredString(64, 'system.department.name.required'),
  phone: optionalPhone(),
  sort: z.coerce.number().int().min(0).max(1_000_000).optional(),
};
export const departmentCreateSchema = z.object(departmentFields);
export const departmentUpdateSchema = z.object({ ...departmentFields, id: id() });
export type DepartmentInput = z.output<typeof departmentCreateSchema>;
export const DEPARTMENT_LABELS: FieldLabels = {
  parentId: 'field.department.parent',
  name: 'field.department.name',
};

// ---- Regions ----------------------------------------------------------------------------------
const regionFields = {
  parentCode: requiredString(12, 'system.region.parent.required'),
  name: requiredString(64, 'system.region.name.required'),
  code: requiredString(12, 'system.region.code.required').regex(/^\d{6}$/, {
    error: 'system.region.code.format',
  }),
};
export const regionCreateSchema = z.object(regionFields);
export const regionUpdateSchema = z.object({ ...regionFields, id: id() });
export type RegionInput = z.output<typeof regionCreateSchema>;
export const REGION_LABELS: FieldLabels = {
  parentCode: 'field.region.parent',
  name: 'field.region.name',
  code: 'field.region.code',
};
/** The parent code of a province (a root region). */
export const REGION_ROOT = '0';

// ---- Dictionaries -----------------------------------------------------------------------------
const dictTypeFields = {
  name: requiredString(64),
  type: requiredString(64).regex(/^[A-Za-z][\w-]*$/, { error: 'system.dict.type.format' }),
  isSystem: flag(),
  description: optionalString(500, 'text'),
};
export const dictTypeCreateSchema = z.object(dictTypeFields);
export const dictTypeUpdateSchema = z.object({ ...dictTypeFields, id: id() });
export type DictTypeInput = z.output<typeof dictTypeCreateSchema>;
export const DICT_TYPE_LABELS: FieldLabels = {
  name: 'field.dict.name',
  type: 'field.dict.type',
  isSystem: 'field.dict.isSystem',
};
const dictItemFields = {
  dictType: requiredString(64),
  label: requiredString(100),
  labelEn: optionalString(200),
  value: requiredString(64),
  isDefault: z.preprocess((v) => (isEmpty(v) ? 'N' : v), z.enum(['Y', 'N'], { error: 'rule.invalidOption' })),
  sort: z.coerce.number().int().min(0).max(1_000_000).default(0),
  description: optionalString(500, 'text'),
};
export const dictItemCreateSchema = z.object(dictItemFields);
export const dictItemUpdateSchema = z.object({ ...dictItemFields, id: id() });
export type DictItemInput = z.output<typeof dictItemCreateSchema>;
export const DICT_ITEM_LABELS: FieldLabels = {
  dictType: 'field.dict.type',
  label: 'field.dictItem.label',
  value: 'field.dictItem.value',
  isDefault: 'field.dictItem.isDefault',
};

/** A back-office user as the API returns it (never the password hash). */
export interface SystemUser {
  id: number;
  userName: string;
  nickName: string;
  sex: string | null;
  phone: string | null;
  avatar: string | null;
  departmentId: number | null;
  departmentName: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  countyCode: string | null;
  /** The region of those codes as names, 'province / city / county' (GB/T 2260); null without one. */
  regionName: string | null;
  state: string;
  /** A supervision account: its console hides the notice control (spec §3 "User session"). */
  supervision: boolean;
  roleIds: number[];
  createTime: string;
  updateTime: string;
}

// ---- List rows the system screens read (server answers, web tables) -------------------------------

/** A department as GET/POST /admin/department/… answer it (createTime ISO 8601); a tree via children. */
export interface DepartmentNode {
  id: number;
  /** 0 for a top-level department. */
  parentId: number;
  name: string;
  phone: string | null;
  sort: number;
  createTime: string;
  children?: DepartmentNode[];
}

/** A region row of GET /system/region/page and /system/region/{id}; parentCode REGION_ROOT for a province. */
export interface SystemRegion {
  id: number;
  code: string;
  parentCode: string;
  name: string;
  /** 1 province, 2 city, 3 county. */
  level: number;
  createTime: string;
}

/** A node of GET /system/region/regionTreeSelect (the root {id 0, code REGION_ROOT, level 0} on top). */
export interface RegionSelectNode {
  id: number;
  code: string;
  name: string;
  level: number;
  children?: RegionSelectNode[];
}

/** A dictionary type row of POST /admin/dictType/list (times ISO 8601). */
export interface SystemDictType {
  id: number;
  name: string;
  type: string;
  /** '1' a built-in type the system needs (not deletable), '0' otherwise. */
  isSystem: string;
  description: string | null;
  createTime: string;
  updateTime: string;
}

/** A dictionary item row of POST /admin/dictItem/list (times ISO 8601). */
export interface SystemDictItem {
  id: number;
  dictType: string;
  label: string;
  labelEn: string | null;
  value: string;
  sort: number;
  /** 'Y' the type's default item, 'N' otherwise. */
  isDefault: string;
  description: string | null;
  createTime: string;
  updateTime: string;
}

/** A role row of POST /admin/role/list and GET /admin/role/listAllRole (times ISO 8601). */
export interface SystemRole {
  id: number;
  name: string;
  code: string;
  comments: string | null;
  createTime: string;
  updateTime: string;
}

/** GET /admin/role/authTree/{id}: every menu and button, and the menu ids the role holds. */
export interface RoleAuthTree {
  tree: MenuItem[];
  checkedKeys: number[];
}
