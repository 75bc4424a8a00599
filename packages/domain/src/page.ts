import { z } from 'zod';
import type { Page } from './api';

/**
 * The response schema of one page of `item` (DESIGN "The contract": `data: {records, total, current,
 * size}`, spec §9 paging): the zod twin of `Page<T>`, so that every list route declares its page
 * shape with one call.
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    records: z.array(item),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
  }) satisfies z.ZodType<Page<z.output<T>>>;
