import { useEffect, useRef } from 'react';
import { Button, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { EDITOR_TABLE_CSS, TableExtensions } from './rich-text-table';

/**
 * A rich-text field for antd forms (instructions, spec §3 "Instruction"): controlled by `value` and
 * `onChange` (HTML; '' when the document is empty), so a Form.Item hands both to it. Tiptap v3's
 * StarterKit supplies the marks and nodes; the toolbar offers bold, italic, underline, H2, bullet and
 * ordered lists, link, undo and redo, with zh/en titles ('editor.*' in areas/instruction/strings.ts).
 * The HTML is only what the editor's schema can hold; the server sanitises it again on save. Tables
 * (e.g. pasted from Word) are kept with their header cells and spans (rich-text-table.ts); a wide
 * table scrolls sideways inside the editing area.
 */
export interface RichTextEditorProps {
  value?: string | null;
  onChange?: (html: string) => void;
  /**
   * Focus left the editor (its text and toolbar alike): a Form.Item checking on blur (spec §5
   * "Required on blur") hands it in. Moving between the text and a toolbar button is no blur.
   */
  onBlur?: () => void;
  /** data-testid of the wrapper; the buttons are `${testId}-bold`, … */
  testId?: string;
  /** Minimum height of the editing area, px. */
  minHeight?: number;
  disabled?: boolean;
}

/** Links the toolbar accepts (the same schemes the server keeps). */
export const SAFE_LINK_RE = /^(https?:\/\/|mailto:)\S+$/i;

export function RichTextEditor({
  value,
  onChange,
  onBlur,
  testId = 'rich-text',
  minHeight = 220,
  disabled,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  // The HTML last received or sent: an update that does not change it (e.g. at mount) is not a change.
  const last = useRef(value ?? '');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        // No empty paragraph appended after a heading or list: the stored HTML is what was written.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => SAFE_LINK_RE.test(url),
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        },
      }),
      ...TableExtensions,
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: { style: `min-height: ${minHeight}px; outline: none`, 'data-testid': `${testId}-content` },
    },
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      if (html === last.current) return;
      last.current = html;
      onChange?.(html);
    },
  });

  // A value set from outside (form reset, record loaded) replaces the document.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    last.current = value ?? '';
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const setLink = (e: Editor) => {
    const previous = (e.getAttributes('link').href as string | undefined) ?? '';
    const url = window.prompt(t('editor.linkPrompt'), previous || 'https://');
    if (url === null) return;
    const trimmed = url.trim();
    if (!trimmed || trimmed === 'https://') {
      e.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    if (!SAFE_LINK_RE.test(trimmed)) {
      window.alert(t('editor.linkInvalid'));
      return;
    }
    e.chain().focus().extendMarkRange('link').setLink({ href: trimmed }).run();
  };

  const buttons: { key: string; icon: React.ReactNode; active?: boolean; run: (e: Editor) => void }[] = [
    {
      key: 'bold',
      icon: <BoldOutlined />,
      active: editor?.isActive('bold'),
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      icon: <ItalicOutlined />,
      active: editor?.isActive('italic'),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      icon: <UnderlineOutlined />,
      active: editor?.isActive('underline'),
      run: (e) => e.chain().focus().toggleUnderline().run(),
    },
    {
      key: 'heading',
      icon: <span style={{ fontWeight: 600 }}>H2</span>,
      active: editor?.isActive('heading', { level: 2 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'bulletList',
      icon: <UnorderedListOutlined />,
      active: editor?.isActive('bulletList'),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      icon: <OrderedListOutlined />,
      active: editor?.isActive('orderedList'),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    { key: 'link', icon: <LinkOutlined />, active: editor?.isActive('link'), run: setLink },
    { key: 'undo', icon: <UndoOutlined />, run: (e) => e.chain().focus().undo().run() },
    { key: 'redo', icon: <RedoOutlined />, run: (e) => e.chain().focus().redo().run() },
  ];

  return (
    <div
      data-testid={testId}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur?.();
      }}
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, background: disabled ? '#f5f5f5' : '#fff' }}
    >
      <Space
        size={2}
        wrap
        role="toolbar"
        aria-label={t('editor.toolbar')}
        style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}
      >
        {buttons.map((b) => (
          <Tooltip key={b.key} title={t(`editor.${b.key}`)}>
            <Button
              size="small"
              type={b.active ? 'primary' : 'text'}
              icon={b.icon}
              aria-label={t(`editor.${b.key}`)}
              aria-pressed={b.active ?? undefined}
              disabled={!editor || disabled}
              data-testid={`${testId}-${b.key}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => editor && b.run(editor)}
            />
          </Tooltip>
        ))}
      </Space>
      <style>{EDITOR_TABLE_CSS}</style>
      <EditorContent
        editor={editor}
        className="rich-text-editor"
        style={{ padding: '4px 11px', maxHeight: 480, overflowY: 'auto', overflowX: 'auto' }}
      />
    </div>
  );
}
