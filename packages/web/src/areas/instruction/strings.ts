import { stringTable } from '../../i18n';

/**
 * Instructions: the back-office instruction screen and the rich-text editor's toolbar
 * (components/rich-text-editor.tsx). Registered by admin/strings.ts.
 */
const zh = {
  'admin.instruction.entity': '须知',
  'admin.instruction.title': '须知列表',
  'admin.instruction.excerpt': '内容摘要',
  'editor.toolbar': '格式工具栏',
  'editor.bold': '加粗',
  'editor.italic': '斜体',
  'editor.underline': '下划线',
  'editor.heading': '标题',
  'editor.bulletList': '无序列表',
  'editor.orderedList': '有序列表',
  'editor.link': '链接',
  'editor.undo': '撤销',
  'editor.redo': '重做',
  'editor.linkPrompt': '请输入链接地址（http、https 或 mailto），留空则取消链接',
  'editor.linkInvalid': '链接地址必须以 http://、https:// 或 mailto: 开头',
};
const en: Record<keyof typeof zh, string> = {
  'admin.instruction.entity': 'instruction',
  'admin.instruction.title': 'Instructions',
  'admin.instruction.excerpt': 'Excerpt',
  'editor.toolbar': 'Formatting toolbar',
  'editor.bold': 'Bold',
  'editor.italic': 'Italic',
  'editor.underline': 'Underline',
  'editor.heading': 'Heading',
  'editor.bulletList': 'Bulleted list',
  'editor.orderedList': 'Numbered list',
  'editor.link': 'Link',
  'editor.undo': 'Undo',
  'editor.redo': 'Redo',
  'editor.linkPrompt': 'Link address (http, https or mailto); leave empty to remove the link',
  'editor.linkInvalid': 'A link must start with http://, https:// or mailto:',
};

export const instructionStrings = stringTable(zh, en);
