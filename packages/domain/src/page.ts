import { z } from 'zod';
import type { CodeOption, Page } from './api';

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

/** The response schema of a code-list option {value, label} (`CodeOption`: statuses, types …). */
export const codeOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
}) satisfies z.ZodType<CodeOption>;
