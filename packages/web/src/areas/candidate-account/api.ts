import type {
  Captcha,
  CandidateInfo,
  EditPasswordInput,
  EditUserInfoInput,
  ForgetPasswordInput,
  ForgetUserNameInput,
  LoginInput,
  RegisterInput,
} from '@tegang/domain';
import { http, requestEnvelope } from '../../api/request';

/**
 * The candidate's account (spec §7 "Candidate auth and account"): captcha, login, registration,
 * SMS codes, recovery, session info, logout, personal info and password change.
 * Calls that submit a form are `silent`: the page shows their errors on the form's fields.
 */

/**
 * GET /auth/getCaptcha; `force` asks for one even when captchas are off (after a login answered
 * data.captchaRequired: two failures of the account).
 */
export type { Captcha, LoginInput, RegisterInput };

export const getCaptcha = (force = false) =>
  http.get<Captcha>('/auth/getCaptcha', force ? { force: 'true' } : undefined);

/** Whether a failed login asks for the captcha (data.captchaRequired of its 400 or 429). */
export const captchaRequired = (error: unknown): boolean =>
  Boolean((error as { data?: { captchaRequired?: boolean } } | null)?.data?.captchaRequired);

/** POST /api/auth/login (encrypted); data is the front-site token. */
export const login = (input: LoginInput) =>
  http.post<string>('/api/auth/login', input, { encrypted: true, silent: true });

/** POST /api/register (encrypted). */
export const register = (input: RegisterInput) =>
  http.post<null>('/api/register', input, { encrypted: true, silent: true });

/** The SMS code a phone receives, one kind per purpose. The answer's msg says it was sent. */
export type SmsKind = 'register' | 'forgetPassword' | 'forgetUserName' | 'editUserInfo';
const SMS_PATHS: Record<SmsKind, string> = {
  register: '/api/getVerificationCode',
  forgetPassword: '/api/FPCode',
  forgetUserName: '/api/FNCode',
  editUserInfo: '/api/getEditCode',
};
/** Sends a code; resolves with the server's message ("sent, valid 5 minutes"). */
export const sendSmsCode = async (kind: SmsKind, telephone: string): Promise<string> =>
  (await requestEnvelope<null>('GET', SMS_PATHS[kind], { params: { telephone } })).msg;

/** POST /api/forgetPassword (encrypted): a new password with an FPCode code. */
export const forgetPassword = (input: ForgetPasswordInput) =>
  http.post<null>('/api/forgetPassword', input, { encrypted: true, silent: true });

/** POST /api/forgetUserName (encrypted): the user name of the phone, with an FNCode code. */
export const forgetUserName = (input: ForgetUserNameInput) =>
  http.post<{ userName: string }>('/api/forgetUserName', input, { encrypted: true, silent: true });

/** GET /api/auth/getInfo: the candidate of the session (spec §3 front-site userInfo). */
export const getCandidateInfo = () => http.get<CandidateInfo>('/api/auth/getInfo');

/** GET /api/auth/logout: revokes the session (errors are of no interest: the token is dropped anyway). */
export const logout = () => http.get<null>('/api/auth/logout', undefined, { silent: true });

/** POST /api/editUserInfo (encrypted): real name and phone; a new phone needs its getEditCode code. */
export const editUserInfo = (input: EditUserInfoInput) =>
  http.post<CandidateInfo>('/api/editUserInfo', input, { encrypted: true, silent: true });

/** POST /api/editPassword (encrypted {oldPsw, newPsw}); every session of the candidate ends. */
export const editPassword = (input: EditPasswordInput) =>
  http.post<null>('/api/editPassword', input, { encrypted: true, silent: true });
