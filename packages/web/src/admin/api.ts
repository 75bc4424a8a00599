import type {
  AdminInfo,
  AdminUser,
  Captcha,
  EditPasswordInput,
  Lang,
  LockState,
  LoginInput as AccountLoginInput,
  MenuItem,
  UserProfileInput,
} from '@tegang/domain';
import type { ApiData } from '../api/contract';
import { http } from '../api/request';

/** Back-office authentication (spec §7 "Admin auth", §4 "Admin session"). */

export type { AdminInfo, AdminUser, Captcha, LockState };
/** POST /auth/login: the shared login body and the original API's captcha switch. */
export type LoginInput = AccountLoginInput & { enableCaptcha: boolean };

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
  http.get<ApiData<'/auth/getCaptcha', 'get'>>('/auth/getCaptcha', force ? { force: 'true' } : undefined, {
    silent: true,
  });

/** Whether a failed login asks for the captcha (data.captchaRequired of its 400 or 429). */
export const captchaRequired = (error: unknown): boolean =>
  Boolean((error as { data?: { captchaRequired?: boolean } } | null)?.data?.captchaRequired);

/** POST /auth/login (encrypted); data is the session token. */
export const login = (input: LoginInput) =>
  http.post<string>('/auth/login', input, { encrypted: true, silent: true });

export const getInfo = () => http.get<AdminInfo>('/auth/getInfo', undefined, { silent: true });

export const getMenu = () => http.get<MenuNode[]>('/auth/getMenu');

export const logout = () => http.get<null>('/auth/logout', undefined, { silent: true });

export const getLockState = () => http.get<LockState>('/auth/lockState', undefined, { silent: true });

/** POST /auth/lock (encrypted): locks the session, setting the lock password the first time. */
export const lockSession = (password?: string) =>
  http.post<LockState>('/auth/lock', password ? { password } : {}, { encrypted: true, silent: true });

/** POST /auth/unlock (encrypted): the server checks the lock password. */
export const unlockSession = (password: string) =>
  http.post<{ locked: false }>('/auth/unlock', { password }, { encrypted: true, silent: true });

/** PUT /system/user/updatePsw (encrypted; spec §7 "Users"). */
export const updatePassword = (input: EditPasswordInput) =>
  http.put<null>('/system/user/updatePsw', input, { encrypted: true, silent: true });

/** PUT /system/user/updateById (encrypted): the administrator's own profile. */
/** The profile body: the schema's fields, an empty optional one sent as null. */
export type ProfileInput = {
  [K in keyof UserProfileInput]-?:
    Exclude<UserProfileInput[K], undefined> | (undefined extends UserProfileInput[K] ? null : never);
};
/** Answers the user's id. */
export const updateProfile = (input: ProfileInput) =>
  http.put<number>('/system/user/updateById', input, { encrypted: true, silent: true });
