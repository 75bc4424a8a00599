import type { Lang, MenuItem } from '@tegang/domain';
import { http } from './request';

/** Back-office authentication (spec §7 "Admin auth", §4 "Admin session"). */

/** GET /auth/getCaptcha: `img` is a data: URL; with `enabled` false no captcha is asked. */
export interface Captcha {
  enabled: boolean;
  uuid: string;
  img: string;
}

export interface LoginInput {
  userName: string;
  password: string;
  captcha: string;
  uuid: string;
  enableCaptcha: boolean;
}

/** The administrator as GET /auth/getInfo returns it (spec §3 "User session"). */
export interface AdminUser {
  id: number;
  userId: number;
  userName: string;
  nickName: string;
  avatar: string | null;
  phone: string | null;
  sex: string | null;
  departmentId: number | null;
  provinceCode: string | null;
  cityCode: string | null;
  countyCode: string | null;
}

export interface AdminInfo {
  user: AdminUser;
  roles: string[];
  permissions: string[];
}

/** A node of GET /auth/getMenu (spec §3 "Menu item"): type '0' menu, '1' button; always with children. */
export interface MenuNode extends MenuItem {
  children: MenuNode[];
}

/** The menu label in the UI language. */
export const menuLabel = (node: Pick<MenuNode, 'name' | 'nameEn'>, lang: Lang | string) =>
  lang === 'en' && node.nameEn ? node.nameEn : node.name;

/**
 * GET /auth/getCaptcha; `force` asks for one even when captchas are off (after a login answered
 * data.captchaRequired: two failures of the account).
 */
export const getCaptcha = (force = false) =>
  http.get<Captcha>('/auth/getCaptcha', force ? { force: 'true' } : undefined, { silent: true });

/** Whether a failed login asks for the captcha (data.captchaRequired of its 400 or 429). */
export const captchaRequired = (error: unknown): boolean =>
  Boolean((error as { data?: { captchaRequired?: boolean } } | null)?.data?.captchaRequired);

/** POST /auth/login (encrypted); data is the session token. */
export const login = (input: LoginInput) =>
  http.post<string>('/auth/login', input, { encrypted: true, silent: true });

export const getInfo = () => http.get<AdminInfo>('/auth/getInfo', undefined, { silent: true });

export const getMenu = () => http.get<MenuNode[]>('/auth/getMenu');

export const logout = () => http.get<null>('/auth/logout', undefined, { silent: true });

/** GET /auth/lockState: whether the session is locked and whether a lock password is set (server-checked). */
export interface LockState {
  locked: boolean;
  hasPassword: boolean;
}
export const getLockState = () => http.get<LockState>('/auth/lockState', undefined, { silent: true });

/** POST /auth/lock (encrypted): locks the session, setting the lock password the first time. */
export const lockSession = (password?: string) =>
  http.post<null>('/auth/lock', password ? { password } : {}, { encrypted: true, silent: true });

/** POST /auth/unlock (encrypted): the server checks the lock password. */
export const unlockSession = (password: string) =>
  http.post<null>('/auth/unlock', { password }, { encrypted: true, silent: true });

/** PUT /system/user/updatePsw (encrypted; spec §7 "Users"). */
export const updatePassword = (input: { oldPsw: string; newPsw: string }) =>
  http.put<null>('/system/user/updatePsw', input, { encrypted: true, silent: true });

/** PUT /system/user/updateById (encrypted): the administrator's own profile. */
export interface ProfileInput {
  nickName: string;
  phone: string | null;
  sex: string | null;
  avatar: string | null;
}
export const updateProfile = (input: ProfileInput) =>
  http.put<null>('/system/user/updateById', input, { encrypted: true, silent: true });
