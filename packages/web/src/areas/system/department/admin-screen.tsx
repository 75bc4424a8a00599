import { useMemo, useState } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { departmentCreateSchema, PERMISSIONS, PHONE_LENGTH } from '@tegang/domain';
import {
  createDepartment,
  deleteDepartment,
  deleteDepartments,
  departmentList,
  updateDepartment,
  type Department,
} from '../api';
import { CrudTable, SchemaTextField, TreeSelectField, type CrudConfig } from '../../../components/crud';
import { createTimeColumn } from '../shared';
import { schemaRule } from '../../../components/rules';

/**
 * Departments (/system/department/index; spec §2 "Departments", §5 Department, §7 "Departments"):
 * a tree table. Departments whose parent is '0' cannot be selected for deletion, and their parent
 * field is hidden.
 */

/** The form's fields: labels field.department.*, rules and input limits from the server's schema. */
const F = { schema: departmentCreateSchema, entity: 'department' };

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
    { title: t('field.department.name'), dataIndex: 'name', width: 260, ellipsis: true },
    { title: t('sys.dept.phone'), dataIndex: 'phone', search: false, width: 150 },
    createTimeColumn(t),
  ];

  const config: CrudConfig<Department, DepartmentForm, { name?: string }> = {
    name: t('sys.dept.entity'),
    title: t('sys.dept.title'),
    testId: 'sys-department',
    columns,
    // a whole tree (departments are few); the server filters by name and keeps the ancestors
    tree: {
      roots: async ({ name }) => {
        const list = await departmentList({ name: name?.trim() || undefined });
        if (!name) setTree(list);
        return list;
      },
      childValues: (parent) => ({ parentId: parent.id }),
    },
    api: {
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
            <TreeSelectField
              name="parentId"
              label={t('field.department.parent')}
              rules={[schemaRule(departmentCreateSchema.shape.parentId, 'field.department.parent')]}
              treeData={parentsOf(record?.id)}
              expandAll
              testId="sys-department-parent"
            />
          )}
          <SchemaTextField {...F} name="name" required testId="sys-department-name" />
          <SchemaTextField
            {...F}
            name="phone"
            label="sys.dept.phone"
            ruleLabel="field.phone"
            maxLength={PHONE_LENGTH}
            testId="sys-department-phone"
          />
        </>
      ),
    },
  };

  return <CrudTable config={config} />;
}
