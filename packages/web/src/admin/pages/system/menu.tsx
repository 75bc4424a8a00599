import { useMemo, useRef, useState } from 'react';
import { App, Button, Form, Space, Tag, TreeSelect } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  type ProColumns,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { isEmpty, menuCreateSchema, PERMISSION_KEYS, PERMISSIONS } from '@tegang/domain';
import { createMenu, deleteMenu, menuTree, swapMenuOrder, updateMenu, type Menu } from '../../../api/system';
import { ACTION_STYLE, CrudTable, type CrudConfig } from '../../../components/crud';
import { IconPicker } from '../../../components/icon-picker';
import { MenuIcon } from '../../layout/icons';
import { pageOfTree, pruneChildren, schemaRule } from './shared';
import './strings';

/**
 * Menus (/system/menu/index; spec §2 "Menus", §3 Menu item, §5 Menu, §7 "Menus"): a tree table of
 * menus and buttons; for a button, icon, route and keep-alive are hidden and the permission id is
 * required.
 */

const M = menuCreateSchema.shape;
const MENU = '0';
const BUTTON = '1';
/** A menu row may only carry a declared permission key (never `*`; the server answers 400 otherwise). */
const PERMISSION_OPTIONS = PERMISSION_KEYS.map((key) => ({ value: key, label: key }));

type MenuForm = {
  pid: number;
  name: string;
  nameEn?: string;
  type: string;
  path?: string;
  icon?: string | null;
  keepAlive?: string;
  permission?: string;
  sort?: number;
};

interface ParentNode {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentNode[];
}

/** Menus whose name matches, with their ancestors. */
function filterTree(nodes: readonly Menu[], text: string): Menu[] {
  const out: Menu[] = [];
  for (const n of nodes) {
    const children = filterTree(n.children ?? [], text);
    if (
      n.name.includes(text) ||
      (n.nameEn ?? '').toLowerCase().includes(text.toLowerCase()) ||
      children.length
    )
      out.push({
        ...n,
        children: children.length ? children : n.name.includes(text) ? n.children : undefined,
      });
  }
  return out;
}

function siblingsOf(nodes: readonly Menu[], id: number): readonly Menu[] | null {
  if (nodes.some((n) => n.id === id)) return nodes;
  for (const n of nodes) {
    const found = siblingsOf(n.children ?? [], id);
    if (found) return found;
  }
  return null;
}

export default function MenuPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [tree, setTree] = useState<Menu[]>([]);
  const treeRef = useRef<Menu[]>([]);
  const nameOf = (m: Menu) => (i18n.language === 'en' && m.nameEn ? m.nameEn : m.name);

  /** The parent choices: the root and every menu (not buttons), without `self` and its subtree. */
  const parents = (self?: number): ParentNode[] => {
    const map = (nodes: readonly Menu[], disabled: boolean): ParentNode[] =>
      nodes
        .filter((n) => String(n.type) !== BUTTON)
        .map((n) => {
          const off = disabled || n.id === self;
          return {
            value: n.id,
            title: nameOf(n),
            disabled: off,
            children: n.children?.length ? map(n.children, off) : undefined,
          };
        });
    return [{ value: 0, title: t('sys.root'), children: map(tree, false) }];
  };

  const move = async (row: Menu, delta: -1 | 1, reload: () => void) => {
    const siblings = siblingsOf(treeRef.current, row.id);
    const i = siblings?.findIndex((n) => n.id === row.id) ?? -1;
    const other = siblings?.[i + delta];
    if (!other) return;
    try {
      const res = await swapMenuOrder(row.id, other.id);
      message.success(res.msg || t('common.success'));
      reload();
    } catch {
      // shown by the request client
    }
  };

  const typeEnum = useMemo(
    () =>
      new Map([
        [MENU, { text: t('sys.menu.type.menu') }],
        [BUTTON, { text: t('sys.menu.type.button') }],
      ]),
    [t],
  );

  const columns: ProColumns<Menu>[] = [
    {
      title: t('sys.menu.name'),
      dataIndex: 'name',
      width: 220,
      ellipsis: true,
      render: (_dom, row) => (
        <Space size={6}>
          {String(row.type) === MENU && <MenuIcon name={row.icon} />}
          {nameOf(row)}
        </Space>
      ),
    },
    { title: t('sys.sort'), dataIndex: 'sort', search: false, width: 70, align: 'center' },
    { title: t('sys.menu.path'), dataIndex: 'path', search: false, width: 200, ellipsis: true },
    {
      title: t('sys.menu.type'),
      dataIndex: 'type',
      search: false,
      width: 90,
      render: (_dom, row) =>
        String(row.type) === BUTTON ? (
          <Tag color="orange">{t('sys.menu.type.button')}</Tag>
        ) : (
          <Tag color="blue">{t('sys.menu.type.menu')}</Tag>
        ),
      valueEnum: typeEnum,
    },
    { title: t('sys.menu.permission'), dataIndex: 'permission', search: false, width: 200, ellipsis: true },
    {
      title: t('sys.menu.keepAlive'),
      dataIndex: 'keepAlive',
      search: false,
      width: 100,
      render: (_dom, row) =>
        String(row.type) === BUTTON ? '-' : String(row.keepAlive) === '1' ? t('common.yes') : t('common.no'),
    },
  ];

  const config: CrudConfig<Menu, MenuForm, { name?: string }> = {
    name: t('sys.menu.entity'),
    title: t('sys.menu.title'),
    testId: 'sys-menu',
    columns,
    api: {
      page: async ({ current, size, name }) => {
        const all = pruneChildren(await menuTree());
        treeRef.current = all;
        setTree(all);
        const shown = name?.trim() ? filterTree(all, name.trim()) : all;
        return pageOfTree(shown, current, size);
      },
      create: createMenu,
      update: updateMenu,
      remove: deleteMenu,
    },
    permissions: {
      add: PERMISSIONS.menu.add,
      edit: PERMISSIONS.menu.edit,
      remove: PERMISSIONS.menu.remove,
    },
    rowLabel: (row) => nameOf(row),
    actionsWidth: 250,
    rowActions: (row, ctx) => {
      if (!ctx.can(PERMISSIONS.menu.edit)) return [];
      const siblings = siblingsOf(treeRef.current, row.id) ?? [];
      const i = siblings.findIndex((n) => n.id === row.id);
      return [
        <Button
          key="up"
          type="link"
          size="small"
          style={ACTION_STYLE}
          icon={<ArrowUpOutlined />}
          disabled={i <= 0}
          data-testid="sys-menu-up"
          onClick={() => void move(row, -1, ctx.reload)}
        >
          {t('sys.menu.moveUp')}
        </Button>,
        <Button
          key="down"
          type="link"
          size="small"
          style={ACTION_STYLE}
          icon={<ArrowDownOutlined />}
          disabled={i < 0 || i >= siblings.length - 1}
          data-testid="sys-menu-down"
          onClick={() => void move(row, 1, ctx.reload)}
        >
          {t('sys.menu.moveDown')}
        </Button>,
      ];
    },
    form: {
      initialValues: ({ record }) =>
        record
          ? {
              pid: record.pid ?? 0,
              name: record.name,
              nameEn: record.nameEn ?? undefined,
              type: String(record.type),
              path: record.path ?? undefined,
              icon: record.icon ?? null,
              keepAlive:
                record.keepAlive === null || record.keepAlive === undefined ? '0' : String(record.keepAlive),
              permission: record.permission ?? undefined,
              sort: record.sort ?? 0,
            }
          : { pid: 0, type: MENU, keepAlive: '0', sort: 0 },
      toPayload: (values) => {
        const button = values.type === BUTTON;
        return {
          pid: values.pid ?? 0,
          name: values.name.trim(),
          nameEn: values.nameEn?.trim() || null,
          type: values.type,
          path: button ? null : values.path?.trim() || null,
          icon: button ? null : (values.icon ?? null),
          keepAlive: button ? '0' : values.keepAlive,
          permission: values.permission?.trim() || null,
          sort: values.sort ?? 0,
        };
      },
      fields: ({ record }) => {
        const requiredMsg = (key: string) => ({
          validator: (_r: unknown, v: unknown) =>
            isEmpty(typeof v === 'string' ? v.trim() : v)
              ? Promise.reject(new Error(t(key)))
              : Promise.resolve(),
        });
        return (
          <>
            <Form.Item
              name="pid"
              required
              label={t('sys.menu.parent')}
              rules={[schemaRule(M.pid, 'field.menu.pid')]}
            >
              <TreeSelect
                treeData={parents(record?.id)}
                treeDefaultExpandedKeys={[0]}
                showSearch
                treeNodeFilterProp="title"
                placeholder={t('common.pleaseSelect')}
                data-testid="sys-menu-pid"
              />
            </Form.Item>
            <ProFormRadio.Group
              name="type"
              required
              label={t('sys.menu.type')}
              rules={[schemaRule(M.type, 'field.menu.type')]}
              options={[
                { value: MENU, label: t('sys.menu.type.menu') },
                { value: BUTTON, label: t('sys.menu.type.button') },
              ]}
            />
            <ProFormText
              name="name"
              required
              label={t('sys.menu.name')}
              rules={[schemaRule(M.name, 'field.menu.name')]}
              fieldProps={{ maxLength: 50, 'data-testid': 'sys-menu-name' }}
            />
            <ProFormText
              name="nameEn"
              label={t('sys.menu.nameEn')}
              fieldProps={{ maxLength: 100, 'data-testid': 'sys-menu-nameEn' }}
            />
            <ProFormDependency name={['type']}>
              {({ type }) =>
                type === BUTTON ? (
                  <ProFormSelect
                    name="permission"
                    required
                    label={t('sys.menu.permission')}
                    rules={[requiredMsg('system.menu.permission.required')]}
                    options={PERMISSION_OPTIONS}
                    fieldProps={{ showSearch: true, 'data-testid': 'sys-menu-permission' } as object}
                  />
                ) : (
                  <>
                    <Form.Item name="icon" label={t('sys.menu.icon')}>
                      <IconPicker testId="sys-menu-icon" />
                    </Form.Item>
                    <ProFormText
                      name="path"
                      required
                      label={t('sys.menu.path')}
                      rules={[
                        requiredMsg('system.menu.path.required'),
                        schemaRule(M.path, 'field.menu.path'),
                      ]}
                      fieldProps={{ maxLength: 200, 'data-testid': 'sys-menu-path' }}
                    />
                    <ProFormRadio.Group
                      name="keepAlive"
                      required
                      label={t('sys.menu.keepAlive')}
                      rules={[requiredMsg('system.menu.keepAlive.required')]}
                      options={[
                        { value: '1', label: t('common.yes') },
                        { value: '0', label: t('common.no') },
                      ]}
                    />
                    <ProFormSelect
                      name="permission"
                      label={t('sys.menu.permission')}
                      options={PERMISSION_OPTIONS}
                      fieldProps={
                        { showSearch: true, allowClear: true, 'data-testid': 'sys-menu-permission' } as object
                      }
                    />
                  </>
                )
              }
            </ProFormDependency>
            <ProFormDigit
              name="sort"
              label={t('sys.sort')}
              min={0}
              max={9999}
              fieldProps={{ precision: 0, 'data-testid': 'sys-menu-sort' } as object}
            />
          </>
        );
      },
    },
  };

  return <CrudTable config={config} />;
}
