import sanitizeHtml from 'sanitize-html';

/**
 * The one whitelist of rich text written in the back office and shown to candidates (instructions,
 * spec §3 "Instruction"): paragraphs, line breaks, h2–h4, bold/italic/underline/strike, lists,
 * block quotes and links. Anything else is dropped: script, style and iframe with their content,
 * every other tag (its text kept), every attribute but a link's href (so no event handler or style),
 * and hrefs other than http, https and mailto (no javascript:, data: or relative URLs). Each link
 * opens in a new tab with rel="noopener noreferrer".
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'iframe', 'textarea', 'noscript', 'title', 'object', 'embed'],
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      // A relative or scheme-less href is not one of the allowed schemes: drop it, keep the text.
      const attrs: Record<string, string> =
        href && /^(https?:|mailto:)/i.test(href)
          ? { href, rel: 'noopener noreferrer', target: '_blank' }
          : {};
      return { tagName, attribs: attrs };
    },
  },
};

/**
 * Rich text as stored and served: `html` reduced to the whitelist above. Pure (no I/O, no errors);
 * '' when nothing survives.
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
