import type {
  ApiResult,
  CodeOption,
  DepartmentNode,
  LoginLog,
  MenuItem,
  OnlineUser,
  OperLog,
  Page,
  PageQuery,
  RegionNode,
  RoleAuthTree,
  SystemDictItem,
  SystemDictType,
  SystemRegion,
  SystemRole,
  SystemUser,
  UserQuery as DomainUserQuery,
} from '@tegang/domain';
import type { ApiData } from '../../api/contract';
import { http, requestEnvelope } from '../../api/request';

/**
 * System management and monitoring calls (spec §7 "Website config, dictionaries, roles", "Region and
 * education plan", "Users", "Departments", "Menus", "Operation log"; login log and online users in
 * the same style).
 */

type Id = number | string;
type Paged = PageQuery;
type Done = Promise<ApiResult<unknown>>;

const send = (method: string, url: string, data?: unknown, encrypted = false): Done =>
  requestEnvelope(method, url, { data, encrypted });
const removeMany = (base: string) => (idList: Id[]) => send('DELETE', `${base}/deleteByIds`, { idList });

export type { CodeOption, LoginLog, OnlineUser, OperLog };

/** A node of a tree select (departments, regions). */
export interface TreeOption {
  id: Id;
  label?: string;
  name?: string;
  value?: Id;
  code?: string;
  children?: TreeOption[];
}

// ——— users ———
export type SysUser = SystemUser;
export type UserQuery = DomainUserQuery & Paged;
export const pageUsers = (query: UserQuery) => http.post<Page<SysUser>>('/system/user/list', query);
export const createUser = (user: unknown) => send('POST', '/system/user', user, true);
export const updateUser = (user: unknown) => send('PUT', '/system/user', user, true);
export const deleteUser = (id: Id) => send('DELETE', `/system/user/${id}`);
export const deleteUsers = removeMany('/system/user');
export const updateUserState = (id: Id) => send('POST', `/system/user/updateState/${id}`);
/** PUT resetPsw/{id}: the new password, answered once as `{password}`. */
export const resetUserPassword = async (id: Id): Promise<string> =>
  (await http.put<ApiData<'/system/user/resetPsw/{id}', 'put'>>(`/system/user/resetPsw/${id}`)).password;
export const userStates = () => http.get<CodeOption[]>('/system/user/getUserState');

// ——— roles ———
export type Role = SystemRole;
export type RoleQuery = Paged & { name?: string; code?: string };
/** A node of the role's authorisation tree: a menu or a button. */
export type AuthNode = MenuItem;
export const pageRoles = (query: RoleQuery) => http.post<Page<Role>>('/admin/role/list', query);
export const createRole = (role: unknown) => send('POST', '/admin/role', role);
export const updateRole = (role: unknown) => send('PUT', '/admin/role', role);
export const deleteRole = (id: Id) => send('DELETE', `/admin/role/${id}`);
export const deleteRoles = removeMany('/admin/role');
export const listAllRoles = () => http.get<Pick<Role, 'id' | 'name' | 'code'>[]>('/admin/role/listAllRole');
export const roleAuthTree = (id: Id) => http.get<RoleAuthTree>(`/admin/role/authTree/${id}`);
export const updateRoleAuth = (roleId: Id, menuIds: Id[]) =>
  send('POST', '/admin/role/updateRoleAuth', { roleId, menuIds });

// ——— menus ———
export type Menu = MenuItem;
export const menuTree = () => http.get<Menu[]>('/admin/menu/tree');
export const createMenu = (menu: unknown) => send('POST', '/admin/menu', menu);
export const updateMenu = (menu: unknown) => send('PUT', '/admin/menu', menu);
export const deleteMenu = (id: Id) => send('DELETE', `/admin/menu/${id}`);
export const swapMenuOrder = (a: Id, b: Id) => send('POST', `/admin/menu/updateOrder/${a}/${b}`);

// ——— departments ———
export type Department = DepartmentNode;
export const departmentList = (query: { name?: string }) =>
  http.post<Department[]>('/admin/department/list', query);
export const departmentTreeSelect = () =>
  http.get<DepartmentNode[]>('/admin/department/departmentTreeSelect');
export const createDepartment = (dep: unknown) => send('POST', '/admin/department', dep);
export const updateDepartment = (dep: unknown) => send('PUT', '/admin/department', dep);
export const deleteDepartment = (id: Id) => send('DELETE', `/admin/department/${id}`);
export const deleteDepartments = removeMany('/admin/department');

// ——— regions ———
export type Region = SystemRegion;
export type RegionQuery = Paged & { name?: string; code?: string; parentCode?: string };
export type RegionDictNode = RegionNode;
export const pageRegions = (query: RegionQuery) =>
  http.get<Page<Region>>('/system/region/page', { ...query });
export const regionTreeDict = () => http.get<RegionDictNode[]>('/system/region/regionTreeDict');
export const createRegion = (region: unknown) => send('POST', '/system/region', region);
export const updateRegion = (region: unknown) => send('PUT', '/system/region', region);
export const deleteRegion = (id: Id) => send('DELETE', `/system/region/${id}`);
export const deleteRegions = removeMany('/system/region');

// ——— dictionaries ———
export type DictType = SystemDictType;
export type DictItemRow = SystemDictItem;

export const pageDictTypes = (query: Paged & { name?: string; type?: string }) =>
  http.post<Page<DictType>>('/admin/dictType/list', query);
export const createDictType = (v: unknown) => send('POST', '/admin/dictType', v);
export const updateDictType = (v: unknown) => send('PUT', '/admin/dictType', v);
export const deleteDictType = (id: Id) => send('DELETE', `/admin/dictType/${id}`);
export const deleteDictTypes = removeMany('/admin/dictType');
export const pageDictItems = (query: Paged & { dictType: string; label?: string }) =>
  http.post<Page<DictItemRow>>('/admin/dictItem/list', query);
export const createDictItem = (v: unknown) => send('POST', '/admin/dictItem', v);
export const updateDictItem = (v: unknown) => send('PUT', '/admin/dictItem', v);
export const deleteDictItem = (id: Id) => send('DELETE', `/admin/dictItem/${id}`);
export const deleteDictItems = removeMany('/admin/dictItem');

// ——— monitoring (the entry types are the domain's: monitor.ts) ———
export const pageOperLogs = (query: Paged & Record<string, unknown>) =>
  http.post<Page<OperLog>>('/log/operlog/list', query);
export const getOperLog = (id: Id) => http.get<OperLog>(`/log/operlog/${id}`);
export const deleteOperLogs = removeMany('/log/operlog');
export const cleanOperLogs = () => send('DELETE', '/log/operlog/clean');
export const operLogBusinessTypes = () => http.get<CodeOption[]>('/log/operlog/listBusinessType');

export const pageLoginLogs = (query: Paged & Record<string, unknown>) =>
  http.post<Page<LoginLog>>('/log/loginlog/list', query);
export const deleteLoginLogs = removeMany('/log/loginlog');
export const cleanLoginLogs = () => send('DELETE', '/log/loginlog/clean');

export const listOnline = (query: { userName?: string; ip?: string } = {}) =>
  http.get<OnlineUser[]>('/monitor/online/list', query);
export const forceLogout = (sessionId: Id) => send('DELETE', `/monitor/online/${sessionId}`);
