/** Elements that end a line when shown: their text is separated from the next block's. */
const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, blockquote, pre, div, br, tr';

/**
 * The visible text of `html` for the instruction list (tags dropped, parsed into an inert document so
 * nothing runs), one space between blocks (a heading and its paragraph do not run together), white
 * space collapsed, cut to `max` characters with '…'; '' for no HTML.
 */
export function htmlExcerpt(html: string | null | undefined, max = 60): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Editors save blocks without white space between them (<h2>…</h2><p>…</p>).
  for (const block of doc.body.querySelectorAll(BLOCKS)) block.append(' ');
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
