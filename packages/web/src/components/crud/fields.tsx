import type { ReactNode } from 'react';
import { Form, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { searchable } from '../dict';

/** The number of nodes of a tree, at every depth. */
const countNodes = (nodes: TreeSelectNode[]): number =>
  nodes.reduce((n, node) => n + 1 + countNodes(node.children ?? []), 0);

/** A node of a tree select: value, title, children (a disabled node cannot be chosen). */
export interface TreeSelectNode {
  value: string | number;
  title: string;
  disabled?: boolean;
  children?: TreeSelectNode[];
}

/**
 * A required tree-select field of a CrudTable form (a parent region, menu or department; a user's
 * department): searchable by title when the tree is long (see SEARCH_MIN_OPTIONS), 请选择 as placeholder. Props: the form `name`, `label`, `rules`
 * (usually the domain schema's rule), the `treeData`, which nodes start open (`expandAll` or
 * `expandedKeys`) and the select's data-testid.
 */
export function TreeSelectField(props: {
  name: string;
  label: ReactNode;
  rules: Rule[];
  treeData: TreeSelectNode[];
  testId: string;
  expandAll?: boolean;
  expandedKeys?: (string | number)[];
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={props.name} required label={props.label} rules={props.rules}>
      <TreeSelect
        treeData={props.treeData}
        treeDefaultExpandAll={props.expandAll}
        treeDefaultExpandedKeys={props.expandedKeys}
        showSearch={searchable(countNodes(props.treeData))}
        treeNodeFilterProp="title"
        placeholder={t('common.pleaseSelect')}
        data-testid={props.testId}
      />
    </Form.Item>
  );
}
