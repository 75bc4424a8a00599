import { useMemo, useState } from 'react';
import { Form, TreeSelect } from 'antd';
import { ProFormText, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { departmentCreateSchema, PERMISSIONS } from '@tegang/domain';
import {
  createDepartment,
  deleteDepartment,
  deleteDepartments,
  departmentList,
  updateDepartment,
  type Department,
} from '../../../api/system';
import { CrudTable, type CrudConfig } from '../../../components/crud';
import { pageOfTree, pruneChildren, schemaRule, timeText } from './shared';
import './strings';

/**
 * Departments (/system/department/index; spec §2 "Departments", §5 Department, §7 "Departments"):
 * a tree table. Departments whose parent is '0' cannot be selected for deletion, and their parent
 * field is hidden.
 */

type DepartmentForm = { parentId?: number | string; name: string; phone?: string };

interface ParentNode {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentNode[];
}

const isTop = (parentId: unknown) => parentId === undefined || parentId === null || String(parentId) === '0';

export default function DepartmentPage() {
  const { t } = useTranslation();
  const [tree, setTree] = useState<Department[]>([]);

  const parentsOf = useMemo(
    () =>
      (self?: number): ParentNode[] => {
        const map = (nodes: readonly Department[], disabled: boolean): ParentNode[] =>
          nodes.map((n) => {
            const off = disabled || n.id === self;
            return {
              value: n.id,
              title: n.name,
              disabled: off,
              children: n.children?.length ? map(n.children, off) : undefined,
            };
          });
        return map(tree, false);
      },
    [tree],
  );

  const columns: ProColumns<Department>[] = [
    { title: t('sys.dept.name'), dataIndex: 'name', width: 260, ellipsis: true },
    { title: t('sys.dept.phone'), dataIndex: 'phone', search: false, width: 150 },
    {
      title: t('sys.createTime'),
      dataIndex: 'createTime',
      search: false,
      width: 170,
      render: (_dom, row) => timeText(row.createTime),
    },
  ];

  const config: CrudConfig<Department, DepartmentForm, { name?: string }> = {
    name: t('sys.dept.entity'),
    title: t('sys.dept.title'),
    testId: 'sys-department',
    columns,
    api: {
      page: async ({ current, size, name }) => {
        const list = pruneChildren(await departmentList({ name: name?.trim() || undefined }));
        if (!name) setTree(list);
        return pageOfTree(list, current, size);
      },
      create: createDepartment,
      update: updateDepartment,
      remove: deleteDepartment,
      removeMany: deleteDepartments,
    },
    permissions: {
      add: PERMISSIONS.department.add,
      edit: PERMISSIONS.department.edit,
      remove: PERMISSIONS.department.remove,
    },
    // spec §5: departments with parent '0' cannot be selected for deletion
    rowSelectable: (row) => !isTop(row.parentId),
    rowRemovable: (row) => !isTop(row.parentId),
    rowLabel: (row) => row.name,
    form: {
      initialValues: ({ record }) =>
        record
          ? {
              parentId: isTop(record.parentId) ? '0' : record.parentId,
              name: record.name,
              phone: record.phone ?? undefined,
            }
          : {},
      toPayload: (values, { record }) => ({
        parentId: record && isTop(record.parentId) ? 0 : Number(values.parentId),
        name: values.name.trim(),
        phone: values.phone?.trim() || null,
      }),
      fields: ({ record }) => (
        <>
          {/* spec §5: the parent field hides when the parent is '0' */}
          {!(record && isTop(record.parentId)) && (
            <Form.Item
              name="parentId"
              required
              label={t('sys.dept.parent')}
              rules={[schemaRule(departmentCreateSchema.shape.parentId, 'field.department.parent')]}
            >
              <TreeSelect
                treeData={parentsOf(record?.id)}
                treeDefaultExpandAll
                showSearch
                treeNodeFilterProp="title"
                placeholder={t('common.pleaseSelect')}
                data-testid="sys-department-parent"
              />
            </Form.Item>
          )}
          <ProFormText
            name="name"
            required
            label={t('sys.dept.name')}
            rules={[schemaRule(departmentCreateSchema.shape.name, 'field.department.name')]}
            fieldProps={{ maxLength: 50, 'data-testid': 'sys-department-name' }}
          />
          <ProFormText
            name="phone"
            label={t('sys.dept.phone')}
            rules={[schemaRule(departmentCreateSchema.shape.phone, 'field.phone')]}
            fieldProps={{ maxLength: 11, 'data-testid': 'sys-department-phone' }}
          />
        </>
      ),
    },
  };

  return <CrudTable config={config} />;
}
