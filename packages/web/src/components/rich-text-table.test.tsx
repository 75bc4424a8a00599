import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { RichTextEditor } from './rich-text-editor';
import { SafeHtml } from './safe-html';

// jsdom's missing layout parts that ProseMirror touches (as in rich-text-editor.test.tsx).
beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= rects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Element.prototype.getClientRects ??= rects;
  document.elementFromPoint ??= () => null;
  return i18n.changeLanguage('zh');
});

/** A schedule as Word 2016 puts it on the clipboard (trimmed): mso styles, classes, <o:p>, spans. */
const WORD = [
  '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><!--StartFragment-->',
  '<table class=MsoTableGrid border=1 style="border-collapse:collapse;mso-yfti-tbllook:1184">',
  '<thead><tr><th colspan=2 style="width:200pt;mso-border-alt:solid windowtext .5pt">',
  '<p class=MsoNormal><span style="mso-bidi-font-family:宋体">时间</span><o:p></o:p></p></th><th>科目</th></tr></thead>',
  '<tbody><tr><td rowspan=2 valign=top>7月1日</td><td>上午</td><td>教育综合</td></tr>',
  '<tr><td>下午</td><td>学科专业</td></tr></tbody></table><!--EndFragment--></body></html>',
].join('');

describe('a table pasted from Word', { timeout: 20_000 }, () => {
  it('stays a table in the editor, with header cells and spans, and without Word styles', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor value="<p>考试安排</p>" onChange={onChange} />);
    const content = screen.getByTestId('rich-text-content');
    await waitFor(() => expect(content.innerHTML).toContain('考试安排'));
    const clipboardData = {
      getData: (type: string) => (type === 'text/html' ? WORD : type === 'text/plain' ? '时间 科目' : ''),
      types: ['text/html', 'text/plain'],
      files: [],
      items: [],
    };
    fireEvent.paste(content, { clipboardData });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = onChange.mock.calls.at(-1)![0] as string;
    expect(html).toContain('<table><tbody><tr><th colspan="2"><p>时间</p></th><th><p>科目</p></th></tr>');
    expect(html).toContain(
      '<tr><td rowspan="2"><p>7月1日</p></td><td><p>上午</p></td><td><p>教育综合</p></td></tr>',
    );
    expect(html).toContain('<tr><td><p>下午</p></td><td><p>学科专业</p></td></tr></tbody></table>');
    expect(html).not.toMatch(/mso|class=|style=|o:p|valign/);
  });

  it('loads a stored table back into the editor unchanged', async () => {
    const stored =
      '<table><tbody><tr><th colspan="2"><p>时间</p></th></tr><tr><td><p>a</p></td><td><p>b</p></td></tr></tbody></table>';
    render(<RichTextEditor value={stored} testId="again" />);
    await waitFor(() =>
      expect(screen.getByTestId('again-content').innerHTML).toContain('<th colspan="2"><p>时间</p></th>'),
    );
  });
});

describe('SafeHtml with a table', () => {
  it('shows the table with its spans inside its own horizontally scrolling box', () => {
    render(
      <SafeHtml html='<p>考试安排</p><table><thead><tr><th colspan="2">时间</th></tr></thead><tbody><tr><td rowspan="2">7月1日</td><td>上午</td></tr></tbody></table>' />,
    );
    const table = screen.getByRole('table');
    const box = table.parentElement!;
    expect(box.style.overflowX).toBe('auto');
    expect(box.style.maxWidth).toBe('100%');
    expect(screen.getByRole('columnheader', { name: '时间' }).getAttribute('colspan')).toBe('2');
    expect(screen.getByRole('cell', { name: '7月1日' }).getAttribute('rowspan')).toBe('2');
    // Cells keep a readable width instead of squeezing to one character on a phone.
    expect(screen.getByRole('cell', { name: '上午' }).style.minWidth).not.toBe('');
  });
});
