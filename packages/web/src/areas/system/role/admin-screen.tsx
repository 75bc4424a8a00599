import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { App, Button, Checkbox, type ButtonProps, Empty, Modal, Space, Spin, Tag, Tree } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, roleCreateSchema, MENU_TYPE } from '@tegang/domain';
import {
  createRole,
  deleteRole,
  deleteRoles,
  pageRoles,
  roleAuthTree,
  updateRole,
  updateRoleAuth,
  type AuthNode,
  type Role,
  type RoleQuery,
} from '../api';
import {
  ACTION_STYLE,
  CrudTable,
  DIALOG_WIDTH,
  SchemaTextArea,
  SchemaTextField,
  type CrudConfig,
} from '../../../components/crud';
import { createTimeColumn } from '../shared';

/** The form's fields: labels field.role.*, rules and input limits from the server's schema. */
const F = { schema: roleCreateSchema, entity: 'role' };

/**
 * Roles (/system/role/index; spec §2 "Roles", §5 Role, §6, §7 roles): name, code, comments, and the
 * authorisation tree of menus and buttons, readable and savable.
 */

type RoleForm = { name: string; code: string; comments?: string };

interface TreeNode {
  key: number;
  title: ReactNode;
  children?: TreeNode[];
}

function allKeys(nodes: readonly AuthNode[]): number[] {
  return nodes.flatMap((n) => [n.id, ...allKeys(n.children ?? [])]);
}
function parentKeys(nodes: readonly AuthNode[]): number[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...parentKeys(n.children)] : []));
}

/** The dialog of a role's authorisation tree (GET authTree/{id}, POST updateRoleAuth). */
function AuthDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(true);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [tree, setTree] = useState<AuthNode[]>([]);
  const [checked, setChecked] = useState<Key[]>([]);
  const [halfChecked, setHalfChecked] = useState<Key[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);

  useEffect(() => {
    roleAuthTree(role.id)
      .then(({ tree, checkedKeys }) => {
        setTree(tree);
        // a parent is checked in the tree only when all its children are (checkStrictly off)
        const leafOrFull = new Set<number>(checkedKeys);
        const fully = (n: AuthNode): boolean =>
          n.children?.length ? n.children.every(fully) : leafOrFull.has(n.id);
        const keys = allKeys(tree).filter((id) => {
          const node = find(tree, id);
          return node ? fully(node) : false;
        });
        setChecked(keys);
        setExpanded(tree.map((n) => n.id));
      })
      .catch(() => setOpen(false))
      .finally(() => setLoading(false));
  }, [role.id]);

  const treeData = useMemo(() => {
    const map = (nodes: readonly AuthNode[]): TreeNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <span data-testid={`sys-role-auth-node-${n.permission || n.id}`}>
            {i18n.language === 'en' && n.nameEn ? n.nameEn : n.name}
            {n.type === MENU_TYPE.button && (
              <Tag bordered={false} style={{ marginInlineStart: 6 }}>
                {t('sys.menu.type.button')}
              </Tag>
            )}
          </span>
        ),
        children: n.children?.length ? map(n.children) : undefined,
      }));
    return map(tree);
  }, [tree, i18n.language, t]);

  const everyKey = useMemo(() => allKeys(tree), [tree]);
  const allExpanded = expanded.length >= parentKeys(tree).length;

  const save = async () => {
    setSaving(true);
    try {
      const res = await updateRoleAuth(role.id, [...checked, ...halfChecked].map(Number));
      message.success(res.msg || t('common.saved'));
      setOpen(false);
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('sys.role.authTitle', { name: role.name })}
      width={DIALOG_WIDTH}
      maskClosable={false}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => void save()}
      okButtonProps={
        { loading: saving, disabled: loading, 'data-testid': 'sys-role-auth-save' } as ButtonProps
      }
      styles={{ body: { maxHeight: 'calc(100vh - 260px)', overflowY: 'auto' } }}
    >
      <div data-testid="sys-role-auth">
        <Space style={{ marginBottom: 8 }}>
          <Checkbox
            checked={allExpanded && tree.length > 0}
            onChange={(e) => setExpanded(e.target.checked ? parentKeys(tree) : [])}
          >
            {t('sys.role.expandAll')}
          </Checkbox>
          <Checkbox
            data-testid="sys-role-auth-all"
            checked={everyKey.length > 0 && checked.length === everyKey.length}
            indeterminate={checked.length > 0 && checked.length < everyKey.length}
            onChange={(e) => {
              setChecked(e.target.checked ? everyKey : []);
              setHalfChecked([]);
            }}
          >
            {t('sys.role.checkAll')}
          </Checkbox>
        </Space>
        <Spin spinning={loading}>
          {tree.length || loading ? (
            <Tree
              checkable
              blockNode
              selectable={false}
              treeData={treeData}
              checkedKeys={checked}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys)}
              onCheck={(keys, info) => {
                setChecked(Array.isArray(keys) ? keys : keys.checked);
                setHalfChecked(info.halfCheckedKeys ?? []);
              }}
            />
          ) : (
            <Empty />
          )}
        </Spin>
      </div>
    </Modal>
  );
}

function find(nodes: readonly AuthNode[], id: number): AuthNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = find(n.children ?? [], id);
    if (below) return below;
  }
  return undefined;
}

export default function RolePage() {
  const { t } = useTranslation();
  const [authRole, setAuthRole] = useState<Role | null>(null);

  const columns: ProColumns<Role>[] = [
    { title: t('field.role.name'), dataIndex: 'name', width: 180, ellipsis: true },
    { title: t('field.role.code'), dataIndex: 'code', width: 160, ellipsis: true },
    { title: t('field.comments'), dataIndex: 'comments', search: false, ellipsis: true, width: 240 },
    createTimeColumn(t),
  ];

  const config: CrudConfig<Role, RoleForm, Omit<RoleQuery, 'current' | 'size'>> = {
    name: t('sys.role.entity'),
    title: t('sys.role.title'),
    testId: 'sys-role',
    columns,
    api: {
      page: pageRoles,
      create: createRole,
      update: updateRole,
      remove: deleteRole,
      removeMany: deleteRoles,
    },
    permissions: {
      add: PERMISSIONS.role.add,
      edit: PERMISSIONS.role.edit,
      remove: PERMISSIONS.role.remove,
    },
    rowLabel: (row) => row.name,
    actionsWidth: 220,
    rowActions: (row, ctx) =>
      ctx.can(PERMISSIONS.role.auth)
        ? [
            <Button
              key="auth"
              type="link"
              size="small"
              style={ACTION_STYLE}
              data-testid="sys-role-auth-open"
              onClick={() => setAuthRole(row)}
            >
              {t('sys.role.auth')}
            </Button>,
          ]
        : [],
    form: {
      initialValues: ({ record }) =>
        record ? { name: record.name, code: record.code, comments: record.comments ?? undefined } : {},
      toPayload: (values) => ({
        name: values.name.trim(),
        code: values.code.trim(),
        comments: values.comments?.trim() || null,
      }),
      fields: (
        <>
          <SchemaTextField {...F} name="name" required testId="sys-role-name" />
          <SchemaTextField {...F} name="code" required testId="sys-role-code" />
          <SchemaTextArea {...F} name="comments" label="field.comments" rows={[2, 5]} />
        </>
      ),
    },
  };

  return (
    <>
      <CrudTable config={config} />
      {authRole && <AuthDialog key={authRole.id} role={authRole} onClose={() => setAuthRole(null)} />}
    </>
  );
}
