import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, idNumber } from '@tegang/domain';

/** Paging params of every list (spec §7/§9): current ≥ 1, size one of 10, 20, 30, 50, 100 (default 10). */
export const pagingSchema = z.object({
  current: z.coerce.number({ error: 'rule.invalidOption' }).int().min(1).default(1),
  size: z.coerce
    .number({ error: 'rule.invalidOption' })
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'rule.invalidOption' })
    .default(DEFAULT_PAGE_SIZE),
});
export type Paging = z.output<typeof pagingSchema>;
export const offsetOf = (p: Paging) => (p.current - 1) * p.size;

/** Ids of DELETE .../deleteByIds {idList}. */
export const idListSchema = z.object({
  idList: z.array(idNumber(), { error: 'rule.required' }).min(1, { error: 'rule.required' }).max(1000),
});
export const idParamSchema = z.object({
  id: idNumber('rule.invalidOption', 'rule.invalidOption'),
});
