/**
 * LIKE patterns from a user's search text: `\`, `%` and `_` are escaped (PostgreSQL's default escape
 * character is `\`), so the text matches literally. Used with drizzle's `like`/`ilike`.
 */

/** The text with LIKE wildcards escaped, no wildcard added. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** "contains": `%text%`. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** "starts with": `text%`. */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;
