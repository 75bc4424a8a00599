import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { instructionCreateSchema } from '@tegang/domain';
import i18n from '../i18n';
import { SchemaFormItem } from './crud';
import { RichTextEditor } from './rich-text-editor';

// strings and jsdom's missing browser parts: src/test-setup.ts; ProseMirror also measures ranges
// when it scrolls the selection into view, which jsdom cannot.
beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= rects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Element.prototype.getClientRects ??= rects;
  document.elementFromPoint ??= () => null;
  return i18n.changeLanguage('zh');
});
afterEach(async () => {
  await i18n.changeLanguage('zh');
  vi.restoreAllMocks();
});

/** The editor controlled by a parent, which records every change and can set the value from outside. */
function Controlled({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
      <button data-testid="reset" onClick={() => setValue('<p>外部内容</p>')}>
        reset
      </button>
    </>
  );
}

const content = () => screen.getByTestId('rich-text-content');

// The first render loads antd and ProseMirror, slow when the whole suite runs in parallel.
describe('RichTextEditor', { timeout: 20_000 }, () => {
  it('shows the toolbar with zh titles, and en titles after a language switch', async () => {
    render(<RichTextEditor value="<p>正文</p>" />);
    for (const label of ['加粗', '斜体', '下划线', '标题', '无序列表', '有序列表', '链接', '撤销', '重做'])
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'Bold' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Numbered list' })).toBeTruthy();
  });

  it('shows the value, and a value set from outside replaces it without an onChange', async () => {
    const onChange = vi.fn();
    render(<Controlled initial="<p>你好<strong>世界</strong></p>" onChange={onChange} />);
    await waitFor(() => expect(content().innerHTML).toContain('你好<strong>世界</strong>'));
    fireEvent.click(screen.getByTestId('reset'));
    await waitFor(() => expect(content().textContent).toBe('外部内容'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('answers HTML through onChange when a toolbar command changes the document', async () => {
    const onChange = vi.fn();
    render(<Controlled initial="<p>标题文字</p>" onChange={onChange} />);
    await waitFor(() => expect(content().textContent).toBe('标题文字'));
    fireEvent.click(screen.getByTestId('rich-text-heading'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h2>标题文字</h2>'));
    fireEvent.click(screen.getByTestId('rich-text-undo'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>标题文字</p>'));
    fireEvent.click(screen.getByTestId('rich-text-bulletList'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>标题文字</p></li></ul>'));
  });

  it('refuses a javascript: link with a message and changes nothing', async () => {
    const onChange = vi.fn();
    vi.spyOn(window, 'prompt').mockReturnValue('javascript:alert(1)');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    render(<Controlled initial="<p>链接</p>" onChange={onChange} />);
    await waitFor(() => expect(content().textContent).toBe('链接'));
    fireEvent.click(screen.getByTestId('rich-text-link'));
    expect(alert).toHaveBeenCalledWith('链接地址必须以 http://、https:// 或 mailto: 开头');
    expect(onChange).not.toHaveBeenCalled();
  });

  it("works as an antd form field: an empty editor gives the schema's '{label}不能为空'", async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <SchemaFormItem schema={instructionCreateSchema} entity="instruction" name="context" required>
          <RichTextEditor />
        </SchemaFormItem>
        <Button htmlType="submit" data-testid="submit">
          submit
        </Button>
      </Form>,
    );
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('须知内容不能为空')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});

describe('RichTextEditor in a console form (spec §5 "Required on blur")', () => {
  it('says the empty content is empty once focus leaves the editor, not while it moves to its toolbar', async () => {
    render(
      <Form validateTrigger={['onChange', 'onBlur']}>
        <SchemaFormItem schema={instructionCreateSchema} entity="instruction" name="context" required>
          <RichTextEditor testId="context" />
        </SchemaFormItem>
        <input data-testid="next-field" />
      </Form>,
    );
    const text = screen.getByTestId('context-content');
    const bold = screen.getByTestId('context').querySelector('button')!;
    await act(async () => {
      fireEvent.blur(text, { relatedTarget: bold });
    });
    expect(screen.queryByText('须知内容不能为空')).toBeNull();
    await act(async () => {
      fireEvent.blur(text, { relatedTarget: screen.getByTestId('next-field') });
    });
    expect(await screen.findByText('须知内容不能为空')).toBeTruthy();
  });
});
