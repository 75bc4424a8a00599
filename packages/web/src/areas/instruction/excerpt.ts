/**
 * The visible text of `html` for the instruction list (tags dropped, parsed into an inert document so
 * nothing runs), white space collapsed, cut to `max` characters with '…'; '' for no HTML.
 */
export function htmlExcerpt(html: string | null | undefined, max = 60): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
