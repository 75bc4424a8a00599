/**
 * The one rich-text policy (DESIGN "HTML"; spec §3 "Instruction"): what survives of HTML written in
 * the back office (instructions, the enrolment notice, the plan's service-centre notes) and shown to
 * candidates. The server stores only what this policy keeps (server lib/html.ts sanitizeRichText,
 * sanitize-html configured from these lists); the web renders only what it keeps (web
 * components/safe-html.tsx SafeHtml, without dangerouslySetInnerHTML). Both read this file, so the
 * two can never drift apart.
 *
 * Kept: paragraphs, line breaks, h2–h4, bold/italic/underline/strike, lists, block quotes, links and
 * tables (table, caption, thead, tbody, tfoot, tr, th, td with colspan and rowspan as whole numbers
 * 1–100, e.g. an exam schedule pasted from Word). Every other tag goes but its text stays (e.g. Word's
 * <o:p>, a <span>, an <h1>); the tags of RICH_TEXT_DROPPED go with their content (script, style,
 * iframe, Word's <xml> …). No attribute survives but a link's href and a cell's spans: no event
 * handler, class or style. A link keeps only an http, https or mailto href (no javascript:, data: or
 * relative URL; without one it is its text) and opens in a new tab with rel="noopener noreferrer".
 */

/** The tags rich text may hold. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
] as const;
export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/** Tags removed together with everything inside them. */
export const RICH_TEXT_DROPPED = [
  'script',
  'style',
  'iframe',
  'textarea',
  'noscript',
  'title',
  'object',
  'embed',
  'xml',
  'template',
  'svg',
  'math',
] as const;

/** The attributes a table cell keeps (each a whole number 1–100). */
export const RICH_TEXT_SPANS = ['colspan', 'rowspan'] as const;

/** The attributes every kept link carries besides its href. */
export const RICH_TEXT_LINK = { rel: 'noopener noreferrer', target: '_blank' } as const;

const TAG_SET: ReadonlySet<string> = new Set(RICH_TEXT_TAGS);
const DROPPED_SET: ReadonlySet<string> = new Set(RICH_TEXT_DROPPED);

/** True for a tag rich text keeps (lower case, e.g. 'td'). */
export const isRichTextTag = (tag: string): tag is RichTextTag => TAG_SET.has(tag);

/** True for a tag removed with its content (lower case; a namespaced 'o:xml' counts by its name). */
export const isDroppedRichTextTag = (tag: string): boolean => DROPPED_SET.has(tag);

/** A link's href as kept (trimmed), or null when it is not http(s) or mailto. */
export function richTextHref(href: string | null | undefined): string | null {
  const value = href?.trim();
  return value && /^(https?:|mailto:)/i.test(value) ? value : null;
}

/** A cell's colspan/rowspan as kept: a whole number 1–100 (e.g. '3', ' 03 '), else null. */
export function richTextSpan(value: string | null | undefined): number | null {
  const text = value?.trim();
  if (!text || !/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 100 ? n : null;
}
