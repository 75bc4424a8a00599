import { useMemo, useRef, useState } from 'react';
import { Form, Space, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  type ProColumns,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { isEmpty, menuCreateSchema, PERMISSION_KEYS, PERMISSIONS, NO, YES } from '@tegang/domain';
import { createMenu, deleteMenu, menuTree, swapMenuOrder, updateMenu, type Menu } from '../api';
import {
  CrudTable,
  filterTree,
  pruneChildren,
  RowButton,
  SchemaTextField,
  siblingsOf,
  TreeSelectField,
  useActions,
  type CrudConfig,
} from '../../../components/crud';
import { DisabledReason } from '../../../components/disabled-reason';
import { IconPicker } from '../../../components/icon-picker';
import { MenuIcon } from '../../../admin/layout/icons';
import { schemaRule } from '../../../components/rules';

/** The form's fields: labels field.menu.*, rules and input limits from the server's schema. */
const F = { schema: menuCreateSchema, entity: 'menu' };

/**
 * Menus (/system/menu/index; spec §2 "Menus", §3 Menu item, §5 Menu, §7 "Menus"): a tree table of
 * menus and buttons; for a button, icon, route, keep-alive, group and route query are hidden and the
 * permission id is required.
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
  group?: string;
  query?: string;
  sort?: number;
};

interface ParentNode {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentNode[];
}

const idOf = (m: Menu) => m.id;
/** A menu matches a search by its Chinese name or (any case) its English name. */
const matches = (text: string) => (m: Menu) =>
  m.name.includes(text) || (m.nameEn ?? '').toLowerCase().includes(text.toLowerCase());

export default function MenuPage() {
  const { t, i18n } = useTranslation();
  const actions = useActions();
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
    const siblings = siblingsOf(treeRef.current, idOf, row.id);
    const i = siblings?.findIndex((n) => n.id === row.id) ?? -1;
    const other = siblings?.[i + delta];
    if (other) await actions.run({ call: () => swapMenuOrder(row.id, other.id), reload });
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
      title: t('field.menu.name'),
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
    { title: t('field.menu.path'), dataIndex: 'path', search: false, width: 200, ellipsis: true },
    {
      title: t('field.menu.type'),
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
    { title: t('field.menu.permission'), dataIndex: 'permission', search: false, width: 200, ellipsis: true },
    { title: t('field.menu.group'), dataIndex: 'group', search: false, width: 120, ellipsis: true },
    { title: t('field.menu.query'), dataIndex: 'query', search: false, width: 160, ellipsis: true },
    {
      title: t('field.menu.keepAlive'),
      dataIndex: 'keepAlive',
      search: false,
      width: 100,
      render: (_dom, row) =>
        String(row.type) === BUTTON ? '-' : String(row.keepAlive) === YES ? t('common.yes') : t('common.no'),
    },
  ];

  const config: CrudConfig<Menu, MenuForm, { name?: string }> = {
    name: t('sys.menu.entity'),
    title: t('sys.menu.title'),
    testId: 'sys-menu',
    columns,
    // a whole tree (menus are few), searched on the client; buttons take no children
    tree: {
      roots: async ({ name }) => {
        const all = pruneChildren(await menuTree());
        treeRef.current = all;
        setTree(all);
        return name?.trim() ? filterTree(all, matches(name.trim())) : all;
      },
      canAddChild: (row) => String(row.type) !== BUTTON,
      childValues: (parent) => ({ pid: parent.id }),
    },
    api: {
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
    actionsWidth: 320,
    rowActions: (row, ctx) => {
      if (!ctx.can(PERMISSIONS.menu.edit)) return [];
      const siblings = siblingsOf(treeRef.current, idOf, row.id) ?? [];
      const i = siblings.findIndex((n) => n.id === row.id);
      return [
        <DisabledReason key="up" reason={i <= 0 ? t('sys.menu.firstAlready') : null}>
          <RowButton
            icon={<ArrowUpOutlined />}
            disabled={i <= 0}
            testId="sys-menu-up"
            onClick={() => void move(row, -1, ctx.reload)}
          >
            {t('sys.menu.moveUp')}
          </RowButton>
        </DisabledReason>,
        <DisabledReason
          key="down"
          reason={i < 0 || i >= siblings.length - 1 ? t('sys.menu.lastAlready') : null}
        >
          <RowButton
            icon={<ArrowDownOutlined />}
            disabled={i < 0 || i >= siblings.length - 1}
            testId="sys-menu-down"
            onClick={() => void move(row, 1, ctx.reload)}
          >
            {t('sys.menu.moveDown')}
          </RowButton>
        </DisabledReason>,
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
              group: record.group ?? undefined,
              query: record.query ?? undefined,
              sort: record.sort ?? 0,
            }
          : { pid: 0, type: MENU, keepAlive: NO, sort: 0 },
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
          group: button ? null : values.group?.trim() || null,
          query: button ? null : values.query?.trim() || null,
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
            <TreeSelectField
              name="pid"
              label={t('field.menu.pid')}
              rules={[schemaRule(M.pid, 'field.menu.pid')]}
              treeData={parents(record?.id)}
              expandedKeys={[0]}
              testId="sys-menu-pid"
            />
            <ProFormRadio.Group
              name="type"
              required
              label={t('field.menu.type')}
              rules={[schemaRule(M.type, 'field.menu.type')]}
              options={[
                { value: MENU, label: t('sys.menu.type.menu') },
                { value: BUTTON, label: t('sys.menu.type.button') },
              ]}
            />
            <SchemaTextField {...F} name="name" required testId="sys-menu-name" />
            <SchemaTextField
              {...F}
              name="nameEn"
              label="sys.menu.nameEn"
              check={false}
              testId="sys-menu-nameEn"
            />
            <ProFormDependency name={['type']}>
              {({ type }) =>
                type === BUTTON ? (
                  <ProFormSelect
                    name="permission"
                    required
                    label={t('field.menu.permission')}
                    rules={[requiredMsg('system.menu.permission.required')]}
                    options={PERMISSION_OPTIONS}
                    fieldProps={{ showSearch: true, 'data-testid': 'sys-menu-permission' } as object}
                  />
                ) : (
                  <>
                    <Form.Item name="icon" label={t('sys.menu.icon')}>
                      <IconPicker testId="sys-menu-icon" />
                    </Form.Item>
                    <SchemaTextField
                      {...F}
                      name="path"
                      required
                      rules={[requiredMsg('system.menu.path.required')]}
                      testId="sys-menu-path"
                    />
                    <ProFormRadio.Group
                      name="keepAlive"
                      required
                      label={t('field.menu.keepAlive')}
                      rules={[requiredMsg('system.menu.keepAlive.required')]}
                      options={[
                        { value: YES, label: t('common.yes') },
                        { value: NO, label: t('common.no') },
                      ]}
                    />
                    <ProFormSelect
                      name="permission"
                      label={t('field.menu.permission')}
                      options={PERMISSION_OPTIONS}
                      fieldProps={
                        { showSearch: true, allowClear: true, 'data-testid': 'sys-menu-permission' } as object
                      }
                    />
                    <SchemaTextField {...F} name="group" testId="sys-menu-group" />
                    <SchemaTextField
                      {...F}
                      name="query"
                      maxLength={200}
                      testId="sys-menu-query"
                      fieldProps={{ placeholder: 'type=1&tab=audit' }}
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
