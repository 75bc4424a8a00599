import sanitizeHtml from 'sanitize-html';

/**
 * The one whitelist of rich text written in the back office and shown to candidates (instructions,
 * spec §3 "Instruction"): paragraphs, line breaks, h2–h4, bold/italic/underline/strike, lists,
 * block quotes, links and tables (table, caption, thead, tbody, tfoot, tr, th, td with colspan and
 * rowspan as whole numbers 1–100, e.g. an exam schedule pasted from Word). Anything else is dropped:
 * script, style, iframe and Word's <xml> with their content, every other tag (its text kept, e.g.
 * Word's <o:p>), every attribute but a link's href and a cell's spans (so no event handler, class or
 * style: Word's mso-* styles go), and hrefs other than http, https and mailto (no javascript:, data:
 * or relative URLs). Each link opens in a new tab with rel="noopener noreferrer".
 *
 * This is the policy of instructions (the enrolment notice among them). Other sanitising in the
 * server: the recruit plan's service-centre notes (sanitize-html's defaults) and the website
 * settings (all tags stripped).
 */
/** A cell keeps colspan/rowspan only as a whole number 1–100 (Word writes e.g. colspan=3). */
function cellSpans(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const attrs: Record<string, string> = {};
  for (const name of ['colspan', 'rowspan']) {
    const value = attribs[name]?.trim();
    if (value && /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100)
      attrs[name] = String(Number(value));
  }
  return { tagName, attribs: attrs };
}

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
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'iframe', 'textarea', 'noscript', 'title', 'object', 'embed', 'xml'],
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
    th: cellSpans,
    td: cellSpans,
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
