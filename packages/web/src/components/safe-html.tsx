import { createElement, Fragment, type ReactNode } from 'react';

/**
 * Rich text (HTML written in the back office) rendered as React elements from a whitelist of tags,
 * without dangerouslySetInnerHTML: the HTML is parsed into an inert document (no script runs), and
 * only text, the tags below and safe http(s)/mailto/tel links survive. For content whose server-side
 * sanitising is not promised (e.g. the plan's service-centre notes), and for the enrolment notice.
 * A table (e.g. a schedule pasted from Word) keeps its spans, gets ruled cells of a readable width
 * and sits in its own box that scrolls sideways, so on a phone the table scrolls, not the page.
 */
const TAGS = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'span',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'sub',
  'sup',
]);
const VOID = new Set(['br', 'hr']);
const SAFE_HREF = /^(https?:|mailto:|tel:)/i;
const CELL_STYLE = {
  border: '1px solid #d9d9d9',
  padding: '4px 8px',
  verticalAlign: 'top',
  minWidth: '4em',
  overflowWrap: 'normal',
} as const;

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const children = Array.from(el.childNodes).map(convert);
  if (!TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  const props: Record<string, unknown> = { key };
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? '';
    if (!SAFE_HREF.test(href.trim())) return createElement(Fragment, { key }, ...children);
    Object.assign(props, { href, target: '_blank', rel: 'noopener noreferrer' });
  }
  if (tag === 'td' || tag === 'th') props.style = CELL_STYLE;
  if (tag === 'table') props.style = { borderCollapse: 'collapse', margin: 0 };
  if ((tag === 'td' || tag === 'th') && el.getAttribute('colspan'))
    props.colSpan = Number(el.getAttribute('colspan'));
  if ((tag === 'td' || tag === 'th') && el.getAttribute('rowspan'))
    props.rowSpan = Number(el.getAttribute('rowspan'));
  if (VOID.has(tag)) return createElement(tag, props);
  const element = createElement(tag, props, ...children);
  return tag === 'table'
    ? createElement(
        'div',
        {
          key,
          className: 'tegang-table-scroll',
          style: { overflowX: 'auto', maxWidth: '100%', margin: '8px 0' },
        },
        element,
      )
    : element;
}

/** `html` (any HTML, e.g. from the server) as React elements in a div with `className`; null when empty. */
export function SafeHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  if (!html) return null;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return <div className={className}>{Array.from(doc.body.childNodes).map(convert)}</div>;
}
