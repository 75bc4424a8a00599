import { logIn } from '../auth/service';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CANDIDATE_AUTH_HEADER,
  SMS_PURPOSES,
  SMS_PURPOSES_FOR_NEW_PHONE,
  editPasswordSchema,
  editUserInfoSchema,
  forgetPasswordSchema,
  forgetUserNameSchema,
  loginSchema,
  parseIdCard,
  phoneString,
  registerSchema,
  type SmsPurpose,
  type SmsSendStatus,
  smsSendStatusSchema,
} from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { candidateInfoSchema, encryptedEnvelope, envelopeOf } from '../../lib/fast-response';
import { verifyPassword } from '../../lib/passwords';
import { bearer, revokeSession } from '../../lib/sessions';
import { perIpLimit } from '../../plugins/rate-limit';
import {
  assertUnique,
  conflictField,
  createCandidate,
  editUserInfo,
  findByTelephone,
  loadCandidate,
  setPassword,
  telephoneTaken,
  toCandidateInfo,
} from './service';
import { fieldError, issueSmsCode, smsSendStatus, verifySmsCode } from './sms-codes';

const telephoneQuery = z.object({ telephone: phoneString() });
const tags = ['candidate'];
/** OpenAPI: the candidate token goes in User-Authorization (app.ts securitySchemes.candidate). */
const candidateSecurity = [{ candidate: [] }];
const noData = { 200: envelopeOf(z.null()) };
const encrypted = { 200: encryptedEnvelope };

/**
 * Candidate accounts (spec §1, §7 "Candidate auth and account"): SMS codes, registration, login with
 * lockout, session info and logout, personal info, password change, recovery of a forgotten password
 * or user name. Candidates carry their own token in `User-Authorization: Bearer …`; an admin token
 * never opens these routes.
 */
export async function candidateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  const issue = (req: FastifyRequest, purpose: SmsPurpose, phone: string, deliver: boolean) =>
    issueSmsCode(ctx, { purpose, phone, ip: req.ip, lang: req.lang, deliver });

  // ---- SMS codes ----------------------------------------------------------------------------------

  app.get(
    '/api/getVerificationCode',
    {
      config: { access: { open: true } },
      schema: {
        tags,
        summary: 'Sends a registration code to the phone; 409 when the phone is already registered',
        querystring: telephoneQuery,
        response: noData,
      },
    },
    async (req) => {
      const { telephone } = req.query;
      await assertUnique(ctx.db, { telephone });
      await issue(req, 'register', telephone, true);
      return ok(req, null, 'sms.sent');
    },
  );

  app.get(
    '/api/FPCode',
    {
      config: { access: { open: true } },
      schema: {
        tags,
        summary:
          'Sends a password-reset code; an unregistered phone gets the same answer and no SMS (no enumeration)',
        querystring: telephoneQuery,
        response: noData,
      },
    },
    async (req) => {
      const { telephone } = req.query;
      await issue(req, 'forgetPassword', telephone, Boolean(await findByTelephone(ctx.db, telephone)));
      return ok(req, null, 'sms.sent');
    },
  );

  app.get(
    '/api/FNCode',
    {
      config: { access: { open: true } },
      schema: {
        tags,
        summary:
          'Sends a user-name recovery code; an unregistered phone gets the same answer and no SMS (no enumeration)',
        querystring: telephoneQuery,
        response: noData,
      },
    },
    async (req) => {
      const { telephone } = req.query;
      await issue(req, 'forgetUserName', telephone, Boolean(await findByTelephone(ctx.db, telephone)));
      return ok(req, null, 'sms.sent');
    },
  );

  app.get(
    '/api/getEditCode',
    {
      config: { access: { candidate: true } },
      schema: {
        tags,
        summary: 'Sends the code that confirms a new phone number (editUserInfo) to that new phone',
        querystring: telephoneQuery,
        security: candidateSecurity,
        response: noData,
      },
    },
    async (req) => {
      const { telephone } = req.query;
      const me = await loadCandidate(ctx.db, req.candidate!.id);
      await assertUnique(ctx.db, { telephone }, me.id);
      await issue(req, 'editUserInfo', telephone, true);
      return ok(req, null, 'sms.sent');
    },
  );

  app.get(
    '/api/checkTelephone/:phone',
    {
      config: { access: { open: true } },
      schema: {
        tags,
        summary: 'data: true when the phone is free to register, false when it is taken',
        params: z.object({ phone: phoneString() }),
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (req) => ok(req, !(await telephoneTaken(ctx.db, req.params.phone))),
  );

  /**
   * GET /api/checkCanSend/{telephone}/{purpose} (spec §7; purpose one of SMS_PURPOSES, else 400
   * naming `purpose`): data {canSend, waitSeconds, reason} (SmsSendStatus), msg the reason in the
   * caller's language. The purpose counts as its send route does: a register or editUserInfo code
   * for a phone that already has an account is refused ('telephoneTaken', msg
   * 'account.telephone.exists', as getVerificationCode and getEditCode answer 409); then the limits
   * shared by every purpose ('dailyCap', 'tooFrequent' with the seconds left). A forgetPassword or
   * forgetUserName answer does not depend on whether the phone has an account, as FPCode and FNCode
   * do not (docs/security.md "Logins": no enumeration through recovery codes).
   */
  app.get(
    '/api/checkCanSend/:telephone/:purpose',
    {
      config: { access: { open: true } },
      schema: {
        tags,
        summary:
          'Whether a code of the purpose may be sent to the phone now: {canSend, waitSeconds, reason}; reason telephoneTaken (register, editUserInfo), dailyCap or tooFrequent; msg says it',
        params: z.object({ telephone: phoneString(), purpose: z.enum(SMS_PURPOSES) }),
        response: { 200: envelopeOf(smsSendStatusSchema) },
      },
    },
    async (req) => {
      const { telephone, purpose } = req.params;
      if (SMS_PURPOSES_FOR_NEW_PHONE.includes(purpose) && (await telephoneTaken(ctx.db, telephone)))
        return ok<SmsSendStatus>(
          req,
          { canSend: false, waitSeconds: 0, reason: 'telephoneTaken' },
          'account.telephone.exists',
        );
      const status = await smsSendStatus(ctx, telephone, req.ip);
      if (status.reason === 'dailyCap') return ok(req, status, 'sms.dailyCap');
      if (status.reason === 'tooFrequent')
        return ok(req, status, 'sms.tooFrequent', { seconds: status.waitSeconds });
      return ok(req, status);
    },
  );

  // ---- Registration and login ---------------------------------------------------------------------

  /**
   * POST /api/register (spec §7): verifies the register code (five tries), then creates the account.
   * Errors: 400 naming the field (rule, 'sms.code.wrong' | 'sms.code.voided'), 409
   * 'account.userName.exists' (the code stays usable for a corrected name), 409
   * 'account.idCard.exists' | 'account.telephone.exists' (the code is used up, so that one code
   * cannot probe several ID numbers).
   */
  app.post(
    '/api/register',
    {
      config: { access: { open: true }, encrypted: true },
      schema: {
        tags,
        summary:
          'Registers a candidate (encrypted {userName, password, realName, idCard, telephone, code}); 409 on a taken user name, ID number or phone (a taken ID number or phone uses up the code)',
        body: registerSchema,
        response: encrypted,
      },
    },
    async (req) => {
      const { userName, password, realName, idCard, telephone, code } = req.body;
      const id = parseIdCard(idCard);
      if (!id) throw fieldError(req.lang, 'idCard', 'rule.idCard');
      const consume = await verifySmsCode(ctx, req.lang, 'register', telephone, code);
      try {
        await assertUnique(ctx.db, { userName, idCard: id.normalized, telephone });
        await createCandidate(ctx, { userName, password, realName, id, telephone });
      } catch (err) {
        // An answer about someone else's ID number (or phone) uses up the code: one code, one probe.
        if (conflictField(err) !== 'userName') await consume();
        throw err;
      }
      await consume();
      return ok(req, null, 'auth.registered');
    },
  );

  /**
   * POST /api/auth/login (spec §7 "Candidate auth and account"; encrypted {userName (or phone),
   * password, captcha?, uuid?}): data is the token for User-Authorization. Same lockout, captcha and
   * answers as the back-office login (lib/login.ts checkLogin): 400 'auth.login.failed' |
   * 'auth.captcha.required' | 'auth.captcha.wrong' (data {captchaRequired}), 429 'auth.login.locked'
   * {minutes}, 403 'auth.login.disabled', 429 'error.rateLimited' (LOGIN_RATE_LIMIT per IP a minute).
   */
  app.post(
    '/api/auth/login',
    {
      config: { access: { open: true }, encrypted: true, rateLimit: perIpLimit(ctx.config.loginRateLimit) },
      schema: {
        tags,
        summary:
          'Candidate login (encrypted {userName (or phone), password, captcha, uuid}); data is the token for User-Authorization; 400 with data.captchaRequired after two failures, 429 when locked or rate-limited',
        body: loginSchema,
        response: encrypted,
      },
    },
    async (req) => ok(req, await logIn(ctx, req, 'candidate', req.body)),
  );

  app.get(
    '/api/auth/getInfo',
    {
      config: { access: { candidate: true } },
      schema: {
        tags,
        summary:
          'The candidate of the session: {id, userName, realName, idCard, gender, birthday, telephone}',
        security: candidateSecurity,
        response: { 200: envelopeOf(candidateInfoSchema) },
      },
    },
    async (req) => ok(req, toCandidateInfo(await loadCandidate(ctx.db, req.candidate!.id))),
  );

  app.get(
    '/api/auth/logout',
    {
      config: { access: { candidate: true } },
      schema: {
        tags,
        summary: 'Revokes the candidate session',
        security: candidateSecurity,
        response: noData,
      },
    },
    async (req) => {
      await revokeSession(ctx.db, bearer(req.headers[CANDIDATE_AUTH_HEADER])!);
      return ok(req, null);
    },
  );

  // ---- Own account --------------------------------------------------------------------------------

  app.post(
    '/api/editUserInfo',
    {
      config: { access: { candidate: true }, encrypted: true },
      schema: {
        tags,
        summary:
          'Edits real name and phone (encrypted {realName, telephone, code}); a new phone needs its getEditCode code; data is the updated info',
        body: editUserInfoSchema,
        security: candidateSecurity,
        response: encrypted,
      },
    },
    async (req) => ok(req, await editUserInfo(ctx, req.candidate!.id, req.body, req.lang), 'common.saved'),
  );

  app.post(
    '/api/editPassword',
    {
      config: { access: { candidate: true }, encrypted: true },
      schema: {
        tags,
        summary: 'Changes the password (encrypted {oldPsw, newPsw}); every session of the candidate ends',
        body: editPasswordSchema,
        security: candidateSecurity,
        response: encrypted,
      },
    },
    async (req) => {
      const { oldPsw, newPsw } = req.body;
      const me = await loadCandidate(ctx.db, req.candidate!.id);
      if (!(await verifyPassword(me.passwordHash, oldPsw)))
        throw fieldError(req.lang, 'oldPsw', 'auth.oldPassword.wrong');
      await setPassword(ctx, me.id, newPsw);
      return ok(req, null, 'auth.passwordChanged');
    },
  );

  // ---- Recovery -----------------------------------------------------------------------------------

  /**
   * POST /api/forgetPassword (spec §7): resets the password with the FPCode code. Errors: 400 naming
   * the field (weak password; 'sms.code.wrong' also when the phone has no account, which uses up the
   * code). Clears the lockout and ends every session of the candidate.
   */
  app.post(
    '/api/forgetPassword',
    {
      config: { access: { open: true }, encrypted: true },
      schema: {
        tags,
        summary:
          'Resets the password with an FPCode code (encrypted {telephone, code, password}); clears the lockout and ends every session; a code that meets no account is used up',
        body: forgetPasswordSchema,
        response: encrypted,
      },
    },
    async (req) => {
      const { telephone, code, password } = req.body;
      const consume = await verifySmsCode(ctx, req.lang, 'forgetPassword', telephone, code);
      const user = await findByTelephone(ctx.db, telephone);
      if (!user) {
        await consume(); // a wrong-data answer uses up the code
        throw fieldError(req.lang, 'code', 'sms.code.wrong');
      }
      await setPassword(ctx, user.id, password);
      await consume();
      return ok(req, null, 'auth.passwordReset');
    },
  );

  /**
   * POST /api/forgetUserName (spec §7): data {userName} for the FNCode code. Errors: 400 naming the
   * field 'code' ('sms.code.wrong' also when the phone has no account, which uses up the code).
   */
  app.post(
    '/api/forgetUserName',
    {
      config: { access: { open: true }, encrypted: true },
      schema: {
        tags,
        summary:
          'Recovers the user name with an FNCode code (encrypted {telephone, code}); data {userName}; a code that meets no account is used up',
        body: forgetUserNameSchema,
        response: encrypted,
      },
    },
    async (req) => {
      const { telephone, code } = req.body;
      const consume = await verifySmsCode(ctx, req.lang, 'forgetUserName', telephone, code);
      const user = await findByTelephone(ctx.db, telephone);
      if (!user) {
        await consume(); // a wrong-data answer uses up the code
        throw fieldError(req.lang, 'code', 'sms.code.wrong');
      }
      await consume();
      return ok(req, { userName: user.userName });
    },
  );
}
