import { z } from 'zod';
import {
  SMS_REFUSALS,
  type AdminInfo,
  type AdminUser,
  type Captcha,
  type LockState,
  type SmsSendStatus,
} from './account';
import type { TicketVerification } from './admission-ticket';
import type { DictItem } from './dictionaries';
import type { MenuItem } from './menu';
import type { RegionNode } from './region';
import type {
  DepartmentNode,
  RegionSelectNode,
  RoleAuthTree,
  SystemDictItem,
  SystemDictType,
  SystemRegion,
  SystemRole,
  SystemUser,
} from './system';
import type { WebsiteConfig } from './website';

/**
 * The answers of the back-office authentication, system management, monitoring and website calls
 * (spec §7 "Admin auth", "Users", "Roles", "Menus", "Departments", "Region", "Dictionaries",
 * "Operation log", "Website config") as zod schemas: the server declares them as its routes'
 * response schemas (serialised by fast-json-stringify, which leaves out what a schema does not name)
 * and the OpenAPI document, from which the web's API types are generated, shows them. Each schema
 * `satisfies` the domain interface it answers, so a field missing here fails the type check.
 */

const nullableString = z.string().nullable();
// The trees (menus, departments, regions) carry an id: the OpenAPI document lists them once under
// components and refers to them, which a recursive schema needs (app.ts jsonSchemaTransformObject).
const int = () => z.number().int();

// ---- Authentication ---------------------------------------------------------------------------

/** GET /auth/getCaptcha. */
export const captchaSchema = z.object({
  enabled: z.boolean(),
  uuid: z.string(),
  img: z.string(),
}) satisfies z.ZodType<Captcha>;

/** GET /auth/publicKey (domain crypto.ts `PublicKeyInfo`). */
export const publicKeySchema = z.object({
  alg: z.string(),
  suite: z.enum(['standard', 'gm']),
  keyId: z.string(),
  publicKey: z.string(),
});

/** GET /api/checkCanSend/{telephone}/{purpose}. */
export const smsSendStatusSchema = z.object({
  canSend: z.boolean(),
  waitSeconds: int(),
  reason: z.enum(SMS_REFUSALS).nullable(),
}) satisfies z.ZodType<SmsSendStatus>;

/** GET /auth/lockState, POST /auth/lock. */
export const lockStateSchema = z.object({
  locked: z.boolean(),
  hasPassword: z.boolean(),
}) satisfies z.ZodType<LockState>;

/** POST /auth/unlock. */
export const unlockedSchema = z.object({ locked: z.literal(false) });

/** The administrator of GET /auth/getInfo. */
export const adminUserSchema = z.object({
  id: int(),
  userId: int(),
  userName: z.string(),
  nickName: z.string(),
  avatar: nullableString,
  phone: nullableString,
  sex: nullableString,
  departmentId: int().nullable(),
  provinceCode: nullableString,
  cityCode: nullableString,
  countyCode: nullableString,
  state: z.string(),
  supervision: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
}) satisfies z.ZodType<AdminUser>;

/** GET /auth/getInfo. */
export const adminInfoSchema = z.object({
  user: adminUserSchema,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
}) satisfies z.ZodType<AdminInfo>;

/** A menu or button (GET /auth/getMenu, /admin/menu/tree …): a tree through `children`. */
export const menuItemSchema: z.ZodType<MenuItem> = z
  .object({
    id: int(),
    pid: int(),
    name: z.string(),
    nameEn: nullableString,
    path: nullableString,
    icon: nullableString,
    type: z.string(),
    keepAlive: z.string(),
    permission: nullableString,
    group: nullableString,
    query: nullableString,
    sort: int(),
    createTime: z.string(),
    get children() {
      return z.array(menuItemSchema).optional();
    },
  })
  .meta({ id: 'MenuItem' });

/**
 * The virtual root the menu screen's parent select shows on top (GET /admin/menu?isSelect=true):
 * id 0, pid -1, the menus (type '0') below it.
 */
export const menuSelectRootSchema = z.object({
  id: z.literal(0),
  pid: z.literal(-1),
  name: z.string(),
  nameEn: z.string(),
  children: z.array(menuItemSchema),
});
export type MenuSelectRoot = z.output<typeof menuSelectRootSchema>;

// ---- System management ------------------------------------------------------------------------

/** A back-office user (POST /system/user/list, GET /system/user/getById). */
export const systemUserSchema = z.object({
  id: int(),
  userName: z.string(),
  nickName: z.string(),
  sex: nullableString,
  phone: nullableString,
  avatar: nullableString,
  departmentId: int().nullable(),
  departmentName: nullableString,
  provinceCode: nullableString,
  cityCode: nullableString,
  countyCode: nullableString,
  regionName: nullableString,
  state: z.string(),
  supervision: z.boolean(),
  roleIds: z.array(int()),
  createTime: z.string(),
  updateTime: z.string(),
}) satisfies z.ZodType<SystemUser>;

/** A role row (POST /admin/role/list, GET /admin/role/listAllRole). */
export const systemRoleSchema = z.object({
  id: int(),
  name: z.string(),
  code: z.string(),
  comments: nullableString,
  createTime: z.string(),
  updateTime: z.string(),
}) satisfies z.ZodType<SystemRole>;

/** GET /admin/role/authTree/{id}. */
export const roleAuthTreeSchema = z.object({
  tree: z.array(menuItemSchema),
  checkedKeys: z.array(int()),
}) satisfies z.ZodType<RoleAuthTree>;

/** A department (POST /admin/department/list, GET …/departmentTreeSelect): a tree through `children`. */
export const departmentNodeSchema: z.ZodType<DepartmentNode> = z
  .object({
    id: int(),
    parentId: int(),
    name: z.string(),
    phone: nullableString,
    sort: int(),
    createTime: z.string(),
    get children() {
      return z.array(departmentNodeSchema).optional();
    },
  })
  .meta({ id: 'DepartmentNode' });

/** A region row (GET /system/region/page, /system/region/{id}). */
export const systemRegionSchema = z.object({
  id: int(),
  code: z.string(),
  parentCode: z.string(),
  name: z.string(),
  level: int(),
  createTime: z.string(),
}) satisfies z.ZodType<SystemRegion>;

/** A node of GET /system/region/regionTreeSelect. */
export const regionSelectNodeSchema: z.ZodType<RegionSelectNode> = z
  .object({
    id: int(),
    code: z.string(),
    name: z.string(),
    level: int(),
    get children() {
      return z.array(regionSelectNodeSchema).optional();
    },
  })
  .meta({ id: 'RegionSelectNode' });

/** A node of the region cascade (GET /system/region/regionTreeDict, /system/region/scopeTree). */
export const regionNodeSchema: z.ZodType<RegionNode> = z
  .object({
    code: z.string(),
    name: z.string(),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    get children() {
      return z.array(regionNodeSchema).optional();
    },
  })
  .meta({ id: 'RegionNode' });

/** A dictionary type row (POST /admin/dictType/list). */
export const systemDictTypeSchema = z.object({
  id: int(),
  name: z.string(),
  type: z.string(),
  isSystem: z.string(),
  description: nullableString,
  createTime: z.string(),
  updateTime: z.string(),
}) satisfies z.ZodType<SystemDictType>;

/** A dictionary item row (POST /admin/dictItem/list). */
export const systemDictItemSchema = z.object({
  id: int(),
  dictType: z.string(),
  label: z.string(),
  labelEn: nullableString,
  value: z.string(),
  sort: int(),
  isDefault: z.string(),
  description: nullableString,
  createTime: z.string(),
  updateTime: z.string(),
}) satisfies z.ZodType<SystemDictItem>;

/** An item of GET /admin/dictItem/listDictItem/{type}. */
export const dictItemSchema = z.object({
  label: z.string(),
  labelEn: nullableString,
  value: z.string(),
  isDefault: z.enum(['Y', 'N']),
  sort: int(),
}) satisfies z.ZodType<DictItem>;

// ---- Website ----------------------------------------------------------------------------------

/** GET /admin/websiteConfig, GET /api/websiteConfig. */
export const websiteConfigViewSchema = z.object({
  name: z.string(),
  enName: z.string(),
  logo: nullableString,
  indexPic: nullableString,
  showCopyright: z.enum(['1', '0']),
  showLogo: z.enum(['1', '0']),
  copyright: nullableString,
  customerServicePhone: nullableString.optional(),
}) satisfies z.ZodType<WebsiteConfig>;

/** POST /file/upload: where the uploaded website picture is served, and its storage key. */
export const uploadedFileSchema = z.object({ url: z.string(), key: z.string() });

// ---- Ticket verification and health -----------------------------------------------------------

/** GET /verify/ticket/{token} with Accept: application/json (a valid ticket, or its state without personal data). */
export const ticketVerificationSchema = z.union([
  z.object({
    valid: z.literal(true),
    state: z.literal('valid'),
    name: z.string(),
    admissionNumber: z.string(),
    academicSession: z.string(),
    subject: z.string(),
    examDate: z.string(),
    examTime: z.string(),
    examPlace: z.string(),
    examRoomNumber: z.string(),
    seatNumber: z.string(),
    photo: nullableString,
    status: z.string(),
  }),
  z.object({ valid: z.literal(false), state: z.enum(['invalid', 'expired']) }),
]) satisfies z.ZodType<TicketVerification>;

/** GET /health. */
export const livenessSchema = z.object({ status: z.literal('up') });

/** GET /ready: 200 'ready'; 503 'draining' (no parts) or 'not ready' naming the part that is down. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'draining', 'not ready']),
  database: z.enum(['up', 'down']).optional(),
  storage: z.enum(['up', 'down']).optional(),
});
