import { mergeAttributes, Node } from '@tiptap/react';
import { tableEditing } from '@tiptap/pm/tables';
import { richTextSpan } from '@tegang/domain';

/**
 * Tables in the notice editor: enough schema for a table pasted from Word (an exam schedule) to
 * survive the paste, the save and the next load. A table holds rows, a row holds header (th) and
 * data (td) cells, a cell holds paragraphs and keeps its colspan/rowspan (whole numbers 1–100, as
 * the policy reads them). Word's thead/tbody split is not modelled (rows are written inside one
 * tbody; header cells stay th), and neither are widths or styles: the one rich-text policy (domain
 * rich-text.ts) keeps only these tags and spans.
 * prosemirror-tables' tableEditing gives cell selection and keeps pasted tables rectangular.
 */
function span(el: HTMLElement, name: string): number {
  return richTextSpan(el.getAttribute(name)) ?? 1;
}

const cellAttributes = {
  colspan: { default: 1, parseHTML: (el: HTMLElement) => span(el, 'colspan') },
  rowspan: { default: 1, parseHTML: (el: HTMLElement) => span(el, 'rowspan') },
};

/** Spans written only when above 1, as Word and the server write them. */
function spanAttributes(attrs: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (Number(attrs.colspan) > 1) out.colspan = String(attrs.colspan);
  if (Number(attrs.rowspan) > 1) out.rowspan = String(attrs.rowspan);
  return out;
}

const ROLES: Record<string, string> = {
  table: 'table',
  tableRow: 'row',
  tableCell: 'cell',
  tableHeader: 'header_cell',
};

const TableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  addAttributes: () => cellAttributes,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ node }) => ['td', spanAttributes(node.attrs), 0],
});

const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'block+',
  isolating: true,
  addAttributes: () => cellAttributes,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ node }) => ['th', spanAttributes(node.attrs), 0],
});

const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: ({ HTMLAttributes }) => ['tr', mergeAttributes(HTMLAttributes), 0],
});

const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: () => ['table', ['tbody', 0]],
  addProseMirrorPlugins: () => [tableEditing()],
  // prosemirror-tables finds its nodes by the schema's tableRole; Tiptap copies it from here to every node.
  extendNodeSchema: (extension) => {
    const role = ROLES[extension.name];
    return role ? { tableRole: role } : {};
  },
});

/** The four nodes, for the editor's `extensions`. */
export const TableExtensions = [Table, TableRow, TableHeader, TableCell];

/** How the editor draws tables (no global stylesheet in this app): ruled cells, scroll inside the editor. */
export const EDITOR_TABLE_CSS =
  '.rich-text-editor table{border-collapse:collapse;margin:8px 0}' +
  '.rich-text-editor th,.rich-text-editor td{border:1px solid #d9d9d9;padding:4px 8px;vertical-align:top;min-width:4em}' +
  '.rich-text-editor th{background:#fafafa}' +
  '.rich-text-editor td p,.rich-text-editor th p{margin:0}' +
  '.rich-text-editor .selectedCell{background:#e6f4ff}';
