import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CANDIDATE_USER_LABELS,
  PERMISSIONS,
  candidateStateSchema,
  candidateUserQuerySchema,
  registeredPersonnelQuerySchema,
  registeredPersonnelUpdateSchema,
  pageOf,
  candidateAccountSchema,
  codeOptionSchema,
} from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { idListSchema, idParamSchema, pagingSchema } from '../../lib/paging';
import {
  candidateStateOptions,
  deleteCandidates,
  getCandidate,
  pageCandidateStates,
  pageCandidates,
  setCandidateState,
  updateCandidatePhone,
} from './service';
import { envelopeOf, encryptedEnvelope } from '../../lib/fast-response';

const S = PERMISSIONS.candidateUserState;
const R = PERMISSIONS.registeredPersonnel;
const tags = ['candidateUser'];

/**
 * Candidate accounts in the back office (spec §2 "Registered personnel", "Candidate user state list",
 * §3 Candidate user): the state list with enabling/disabling (a disabled candidate cannot log in and is
 * told the reason), and the registered-personnel list, detail, phone edit and deletion. Every route
 * narrows to the caller's region (a city or county administrator reaches only candidates who applied
 * there).
 */
export async function candidateUserRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/candidate/candidateUser/page',
    {
      config: { access: { permission: S.list }, labels: CANDIDATE_USER_LABELS },
      schema: {
        tags,
        summary:
          'Page of candidates inside the caller’s scope: current, size, realName (contains), idCard (contains), telephone (prefix), state; ID numbers masked; newest first',
        querystring: pagingSchema.extend(candidateUserQuerySchema.shape),
        response: { 200: envelopeOf(pageOf(candidateAccountSchema)) },
      },
    },
    async (req) => ok(req, await pageCandidateStates(db, req.admin!.scope, req.query)),
  );

  app.get(
    '/candidate/candidateUser/getUserState',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary: "Candidate state options [{value, label}]: 0 active, 1 disabled, in the caller's language",
        response: { 200: envelopeOf(z.array(codeOptionSchema)) },
      },
    },
    async (req) => ok(req, candidateStateOptions(req.lang)),
  );

  app.post(
    '/candidate/candidateUser/updateState/:id',
    {
      config: { access: { permission: S.state }, labels: CANDIDATE_USER_LABELS },
      schema: {
        tags,
        summary:
          'Sets the state {state: 0|1, reason}: disabling needs a reason (≤ 200) and ends the candidate’s sessions; enabling clears the reason. 404 outside the scope',
        params: idParamSchema,
        body: candidateStateSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await setCandidateState(db, req.admin!.scope, req.params.id, req.body);
      return ok(req, null, 'common.saved');
    },
  );

  app.get(
    '/candidate/registeredPersonnel/page',
    {
      config: { access: { permission: R.list }, labels: CANDIDATE_USER_LABELS },
      schema: {
        tags,
        summary:
          'Page of registered candidates inside the caller’s scope: as /candidate/candidateUser/page plus cityCode, countyCode (an application there); ID numbers masked; with the regions applied to',
        querystring: pagingSchema.extend(registeredPersonnelQuerySchema.shape),
        response: { 200: envelopeOf(pageOf(candidateAccountSchema)) },
      },
    },
    async (req) => ok(req, await pageCandidates(db, req.admin!.scope, req.query)),
  );

  app.put(
    '/candidate/registeredPersonnel',
    {
      config: { access: { permission: R.edit }, encrypted: true, labels: CANDIDATE_USER_LABELS },
      schema: {
        tags,
        summary:
          'Changes a candidate’s phone (encrypted {id, telephone}); name and ID number stay. 409 when another account holds the phone; 404 outside the scope. Data is the id',
        body: registeredPersonnelUpdateSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) =>
      ok(
        req,
        await updateCandidatePhone(db, req.admin!.scope, req.body.id, req.body.telephone),
        'common.saved',
      ),
  );

  app.delete(
    '/candidate/registeredPersonnel/deleteByIds',
    {
      config: { access: { permission: R.remove } },
      schema: {
        tags,
        summary:
          'Deletes candidate accounts {idList} with their sessions, all or nothing: 409 when one has applied, 404 when one is outside the scope',
        body: idListSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await deleteCandidates(db, req.admin!.scope, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.get(
    '/candidate/registeredPersonnel/:id',
    {
      config: { access: { permission: R.query } },
      schema: {
        tags,
        summary:
          'One candidate inside the caller’s scope, with the whole ID number and the regions applied to',
        params: idParamSchema,
        response: { 200: envelopeOf(candidateAccountSchema) },
      },
    },
    async (req) => ok(req, await getCandidate(db, req.admin!.scope, req.params.id)),
  );

  app.delete(
    '/candidate/registeredPersonnel/:id',
    {
      config: { access: { permission: R.remove } },
      schema: {
        tags,
        summary:
          'Deletes a candidate account with its sessions: 409 when it has applied, 404 outside the scope',
        params: idParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await deleteCandidates(db, req.admin!.scope, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );
}
