import type {
  ApiResult,
  CodeOption,
  Instruction,
  InstructionInput,
  InstructionQuery,
  Page,
  PageQuery,
} from '@tegang/domain';
import { http, requestEnvelope } from '../../api/request';

/** Instructions in the back office (spec §7 "Instructions"). */

/** The list request: plan and type filters and paging. */
export type InstructionListQuery = InstructionQuery & PageQuery;
/** The payload of POST (and, with id, PUT): context is HTML, sanitised again by the server. */
export type InstructionPayload = InstructionInput & { id?: number };

/** GET /recruit/instruction/page: {records, total, current, size}. */
export const pageInstructions = (query: InstructionListQuery) =>
  http.get<Page<Instruction>>('/recruit/instruction/page', { ...query });

/** GET /recruit/instruction/{id}. */
export const getInstruction = (id: number) => http.get<Instruction>(`/recruit/instruction/${id}`);

/** POST /recruit/instruction (encrypted); data is the new id. */
export const createInstruction = (payload: InstructionPayload): Promise<ApiResult<number>> =>
  requestEnvelope('POST', '/recruit/instruction', { data: payload, encrypted: true });

/** PUT /recruit/instruction (encrypted); data is the id. */
export const updateInstruction = (payload: InstructionPayload & { id: number }): Promise<ApiResult<number>> =>
  requestEnvelope('PUT', '/recruit/instruction', { data: payload, encrypted: true });

/** DELETE /recruit/instruction/{id}. */
export const deleteInstruction = (id: number): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', `/recruit/instruction/${id}`);

/** DELETE /recruit/instruction/deleteByIds {idList}. */
export const deleteInstructions = (idList: number[]): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', '/recruit/instruction/deleteByIds', { data: { idList } });

/** GET /recruit/instruction/getInstructionType: [{value, label}] in the caller's language. */
export const instructionTypeOptions = () => http.get<CodeOption[]>('/recruit/instruction/getInstructionType');
