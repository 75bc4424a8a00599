import { createElement, Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isDroppedRichTextTag,
  isRichTextTag,
  RICH_TEXT_LINK,
  RICH_TEXT_SPANS,
  richTextHref,
  richTextSpan,
} from '@tegang/domain';

/**
 * Rich text (HTML written in the back office) rendered as React elements by the one rich-text policy
 * (domain rich-text.ts, the lists the server's sanitizeRichText stores by), without
 * dangerouslySetInnerHTML: the HTML is parsed into an inert document (no script runs), and only text,
 * the policy's tags, a link's http(s)/mailto href and a cell's spans survive; the policy's dropped
 * tags (script, style …) go with their content. Every place that shows HTML renders it through this
 * component, whether or not the server sanitised it.
 * A table (e.g. a schedule pasted from Word) gets ruled cells of a readable width and sits in its own
 * box that scrolls sideways, so on a phone the table scrolls, not the page; the box is a focusable
 * region ('common.tableScroll'), so that it scrolls by keyboard too (WCAG 2.1.1).
 */
const VOID = new Set(['br']);
const CELL_STYLE = {
  border: '1px solid #d9d9d9',
  padding: '4px 8px',
  verticalAlign: 'top',
  minWidth: '4em',
  overflowWrap: 'normal',
} as const;
/** The React prop of each span attribute. */
const SPAN_PROPS: Record<(typeof RICH_TEXT_SPANS)[number], string> = {
  colspan: 'colSpan',
  rowspan: 'rowSpan',
};

function convert(node: Node, key: number, tableLabel: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  // A namespaced tag (Word's <o:p>) counts by its local name, as the server's parser sees it.
  const tag = el.tagName.toLowerCase();
  if (isDroppedRichTextTag(tag) || isDroppedRichTextTag(tag.replace(/^.*:/, ''))) return null;
  const children = Array.from(el.childNodes).map((child, i) => convert(child, i, tableLabel));
  if (!isRichTextTag(tag)) return createElement(Fragment, { key }, ...children);
  const props: Record<string, unknown> = { key };
  if (tag === 'a') {
    const href = richTextHref(el.getAttribute('href'));
    // No kept href: its text, or nothing for a link without text (as the server drops it).
    if (!href) return el.textContent?.trim() ? createElement(tag, props, ...children) : null;
    Object.assign(props, { href, ...RICH_TEXT_LINK });
  }
  if (tag === 'td' || tag === 'th') {
    props.style = CELL_STYLE;
    for (const name of RICH_TEXT_SPANS) {
      const span = richTextSpan(el.getAttribute(name));
      if (span !== null) props[SPAN_PROPS[name]] = span;
    }
  }
  if (tag === 'table') props.style = { borderCollapse: 'collapse', margin: 0 };
  if (VOID.has(tag)) return createElement(tag, props);
  const element = createElement(tag, props, ...children);
  return tag === 'table'
    ? createElement(
        'div',
        {
          key,
          className: 'tegang-table-scroll',
          tabIndex: 0,
          role: 'region',
          'aria-label': tableLabel,
          style: { overflowX: 'auto', maxWidth: '100%', margin: '8px 0' },
        },
        element,
      )
    : element;
}

/** `html` (any HTML, e.g. from the server) as React elements in a div with `className`; null when empty. */
export function SafeHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!html) return null;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const tableLabel = t('common.tableScroll');
  return (
    <div className={className}>
      {Array.from(doc.body.childNodes).map((node, i) => convert(node, i, tableLabel))}
    </div>
  );
}
