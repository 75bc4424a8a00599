import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_CASES } from '../../../domain/test/rich-text-cases';
import { SafeHtml } from './safe-html';

/**
 * The web's half of the one rich-text policy (domain rich-text.ts): SafeHtml renders the same
 * elements, attributes and text as the server's sanitizeRichText stores for the shared cases
 * (server test/security/rich-text.test.ts). Only SafeHtml's presentation is set aside: the cells'
 * and the table's inline style and the table's sideways-scrolling box.
 */

/** A node as comparable text: tag, attributes in name order, children; style attributes left out. */
function shape(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const el = node as Element;
  const inner = Array.from(el.childNodes).map(shape).join('');
  if (el.classList.contains('tegang-table-scroll')) return inner;
  const attrs = Array.from(el.attributes)
    .filter((a) => a.name !== 'style')
    .map((a) => ` ${a.name}="${a.value}"`)
    .sort()
    .join('');
  return `<${el.tagName.toLowerCase()}${attrs}>${inner}</${el.tagName.toLowerCase()}>`;
}

/** The shape of an HTML string (as the server stores it) parsed by the browser. */
const shapeOf = (html: string) =>
  Array.from(new DOMParser().parseFromString(html, 'text/html').body.childNodes).map(shape).join('');

describe('SafeHtml', () => {
  for (const c of RICH_TEXT_CASES)
    it(`renders what the server keeps: ${c.name}`, () => {
      const { container } = render(<SafeHtml html={c.html} />);
      const rendered = Array.from(container.firstElementChild!.childNodes).map(shape).join('');
      expect(rendered).toBe(shapeOf(c.kept));
    });

  it('renders nothing of a script, even as text', () => {
    const { container } = render(<SafeHtml html="<p>a</p><script>alert(1)</script><style>p{}</style>" />);
    expect(container.textContent).toBe('a');
    expect(container.querySelector('script, style')).toBeNull();
  });
});
