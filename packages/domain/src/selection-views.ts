import { z } from 'zod';

/**
 * The answer shapes of the selection after the written exam (selection.ts): what the console's
 * previews and publications, the candidate's page and the public hiring list answer. Each route
 * declares its shape here, as a zod schema, and takes its type from it.
 */

/** A post as the answers name it: its four codes and the county's name. */
export const selectionPostSchema = z.object({
  countyCode: z.string(),
  countyName: z.string().nullable(),
  category: z.string(),
  learningPeriod: z.string(),
  subject: z.string(),
});
export type SelectionPostView = z.output<typeof selectionPostSchema>;
