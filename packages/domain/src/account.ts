import { z } from 'zod';
import { checkPasswordStrength, checkRealName, checkSmsCode, checkUserName, normalizeCompat } from './rules';
import { idCardString, phoneString, requiredString } from './validation';
import { LOGIN_LIMITS } from './login-rules';

/**
 * Account payloads: candidate registration and recovery (spec §1, §7 "Candidate auth and account"),
 * logins of both sides, and the password change (spec §3 "Password change payload", §5).
 */

const byRule = (check: (v: unknown) => string | null) =>
  z.string({ error: 'rule.required' }).superRefine((value, ctx) => {
    const key = check(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

export const userNameString = () => byRule(checkUserName);
export const newPasswordString = () => byRule(checkPasswordStrength);
export const smsCodeString = () => byRule(checkSmsCode);

/**
 * POST /auth/login and /api/auth/login (decrypted). Captcha may be off (CAPTCHA_ENABLED=false). The
 * user name (or a candidate's phone) is read in its canonical form (NFKC), so a full-width or padded
 * phone finds the account.
 */
export const loginSchema = z.object({
  userName: requiredString(LOGIN_LIMITS.userName).overwrite(normalizeCompat),
  password: requiredString(LOGIN_LIMITS.password, 'rule.required', 'secret'),
  captcha: z.string().trim().max(LOGIN_LIMITS.captcha).optional(),
  uuid: z.string().max(LOGIN_LIMITS.uuid).optional(),
});

/** POST /api/register (encrypted). */
export const registerSchema = z.object({
  userName: userNameString(),
  password: newPasswordString(),
  realName: byRule(checkRealName).transform((v) => v.trim()),
  idCard: idCardString(),
  telephone: phoneString(),
  code: smsCodeString(),
});

/** POST /api/forgetPassword (encrypted): reset with a phone code. */
export const forgetPasswordSchema = z.object({
  telephone: phoneString(),
  code: smsCodeString(),
  password: newPasswordString(),
});

/** POST /api/forgetUserName (encrypted): recover the user name with a phone code. */
export const forgetUserNameSchema = z.object({ telephone: phoneString(), code: smsCodeString() });

/** POST /api/editUserInfo (encrypted): real name and phone; a new phone needs its code. */
export const editUserInfoSchema = z.object({
  realName: byRule(checkRealName).transform((v) => v.trim()),
  telephone: phoneString(),
  code: z.string().optional(),
});

/** POST /api/editPassword and PUT /system/user/updatePsw (encrypted): {oldPsw, newPsw}. */
export const editPasswordSchema = z.object({
  oldPsw: requiredString(64, 'rule.oldPsw.required', 'secret'),
  newPsw: newPasswordString(),
});

/** Why an SMS code is asked for: each purpose has its own code. */
export const SMS_PURPOSES = ['register', 'forgetPassword', 'forgetUserName', 'editUserInfo'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/**
 * Why GET /api/checkCanSend/{telephone}/{purpose} says no: `telephoneTaken` (a register or
 * editUserInfo code for a phone that already has an account: the send would be refused with 409),
 * `tooFrequent` (within SMS_RESEND_S of the last send to the phone), `dailyCap` (the phone's or the
 * client's daily limit is reached).
 */
export const SMS_REFUSALS = ['telephoneTaken', 'tooFrequent', 'dailyCap'] as const;
export type SmsRefusal = (typeof SMS_REFUSALS)[number];

/**
 * GET /api/checkCanSend/{telephone}/{purpose}: whether a code of that purpose may be sent to the
 * phone now; `waitSeconds` until it may (0 when it may, or when waiting does not help), `reason`
 * null when it may. The answer's msg says the reason in the caller's language.
 */
export interface SmsSendStatus {
  canSend: boolean;
  waitSeconds: number;
  reason: SmsRefusal | null;
}

/** Purposes whose code goes to a phone that must not have an account yet (register, new phone). */
export const SMS_PURPOSES_FOR_NEW_PHONE: readonly SmsPurpose[] = ['register', 'editUserInfo'];

/** SMS code limits: valid 5 min, one send per phone per 60 s, five wrong tries void it. */
export const SMS_CODE_TTL_S = 300;
export const SMS_RESEND_S = 60;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_DAILY_CAP_PER_PHONE = 10;
export const SMS_DAILY_CAP_PER_IP = 50;

/** Failed logins: five in a row lock the account for 15 minutes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;

/** The candidate session as GET /api/auth/getInfo returns it (spec §3 front-site userInfo). */
export interface CandidateInfo {
  id: number;
  userName: string;
  realName: string;
  idCard: string;
  gender: string;
  birthday: string;
  telephone: string;
}

/** The decrypted body of both logins (POST /auth/login, POST /api/auth/login). */
export type LoginInput = z.output<typeof loginSchema>;
/** POST /api/register (encrypted). */
export type RegisterInput = z.output<typeof registerSchema>;
/** POST /api/forgetPassword (encrypted). */
export type ForgetPasswordInput = z.output<typeof forgetPasswordSchema>;
/** POST /api/forgetUserName (encrypted). */
export type ForgetUserNameInput = z.output<typeof forgetUserNameSchema>;
/** POST /api/editUserInfo (encrypted); `code` only when the phone changes. */
export type EditUserInfoInput = z.output<typeof editUserInfoSchema>;
/** POST /api/editPassword and PUT /system/user/updatePsw (encrypted). */
export type EditPasswordInput = z.output<typeof editPasswordSchema>;

/** GET /auth/getCaptcha: `enabled` false means no captcha is asked (then uuid and img are ''). */
export interface Captcha {
  enabled: boolean;
  uuid: string;
  /** A data: URL of the image. */
  img: string;
}

/** GET /auth/lockState: whether the session is locked and whether it has a lock password yet. */
export interface LockState {
  locked: boolean;
  hasPassword: boolean;
}

/** The administrator of GET /auth/getInfo (spec §3 "User session"): never the hash or lockout state. */
export interface AdminUser {
  id: number;
  /** The same as id (the original API's name). */
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
  state: string;
  /** Spec §3 "User session": true for a supervision account, whose console hides the notice control. */
  supervision: boolean;
  createTime: string;
  updateTime: string;
}

/** GET /auth/getInfo: the user, its role codes and permission keys ('*' for the admin role). */
export interface AdminInfo {
  user: AdminUser;
  roles: string[];
  permissions: string[];
}

/** State of a candidate account (spec §3 "Candidate user"): only an active account logs in. */
export const CANDIDATE_STATE = { active: '0', disabled: '1' } as const;
export type CandidateState = (typeof CANDIDATE_STATE)[keyof typeof CANDIDATE_STATE];
