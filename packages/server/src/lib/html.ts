import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_DROPPED,
  RICH_TEXT_LINK,
  RICH_TEXT_SPANS,
  RICH_TEXT_TAGS,
  richTextHref,
  richTextSpan,
} from '@tegang/domain';

/**
 * sanitize-html configured with the one rich-text policy (domain rich-text.ts: the tags, the tags
 * dropped with their content, a link's href and a cell's spans); the web's SafeHtml renders by the
 * same lists. Used for everything written as rich text: instructions (the enrolment notice among
 * them), the recruit plan's service-centre notes, the demo seed. (The website settings are plain
 * text: website/service.ts strips every tag.)
 */

/** A cell keeps colspan/rowspan only as a whole number 1–100 (Word writes e.g. colspan=3). */
function cellSpans(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const attrs: Record<string, string> = {};
  for (const name of RICH_TEXT_SPANS) {
    const span = richTextSpan(attribs[name]);
    if (span !== null) attrs[name] = String(span);
  }
  return { tagName, attribs: attrs };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'], th: [...RICH_TEXT_SPANS], td: [...RICH_TEXT_SPANS] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED],
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
  transformTags: {
    a: (tagName, attribs) => {
      // A relative or scheme-less href is not one of the allowed schemes: drop it, keep the text.
      const href = richTextHref(attribs.href);
      return { tagName, attribs: href ? { href, ...RICH_TEXT_LINK } : {} };
    },
    th: cellSpans,
    td: cellSpans,
  },
};

/**
 * Rich text as stored and served: `html` reduced to the one rich-text policy (domain rich-text.ts).
 * Pure (no I/O, no errors); '' when nothing survives.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * The visible text of sanitised rich text (tags removed, entities decoded, white space collapsed):
 * empty means the notice says nothing, e.g. '<p><br></p>' or a removed script.
 */
export function plainTextOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
