import { Form, Space, Tag } from 'antd';
import {
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  type ProColumns,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { isEmpty, menuCreateSchema, PERMISSION_KEYS, NO, YES } from '@tegang/domain';
import type { Menu } from '../api';
import { SchemaTextField, TreeSelectField } from '../../../components/crud';
import { IconPicker } from '../../../components/icon-picker';
import { MenuIcon } from '../../../admin/layout/icons';
import { schemaRule } from '../../../components/rules';

/**
 * The menus screen's columns, form values and fields (spec §2 "Menus", §3 Menu item, §5 Menu): for a
 * button, icon, route, keep-alive, group and route query are hidden and the permission id is required.
 */

/** The form's fields: labels field.menu.*, rules and input limits from the server's schema. */
const F = { schema: menuCreateSchema, entity: 'menu' };

const M = menuCreateSchema.shape;
export const MENU = '0';
export const BUTTON = '1';
/** A menu row may only carry a declared permission key (never `*`; the server answers 400 otherwise). */
const PERMISSION_OPTIONS = PERMISSION_KEYS.map((key) => ({ value: key, label: key }));

export type MenuForm = {
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

export interface ParentNode {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentNode[];
}

/** The list columns; `nameOf` is a menu's name in the UI language. */
export function useMenuColumns(nameOf: (m: Menu) => string): ProColumns<Menu>[] {
  const { t } = useTranslation();
  const typeEnum = new Map([
    [MENU, { text: t('sys.menu.type.menu') }],
    [BUTTON, { text: t('sys.menu.type.button') }],
  ]);
  return [
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
}

/** The form values of a menu (edit) or the defaults (create: a menu under the root). */
export function menuFormValues(record: Menu | undefined): Partial<MenuForm> {
  return record
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
    : { pid: 0, type: MENU, keepAlive: NO, sort: 0 };
}

/** The payload of the form's values: a button keeps no route, icon, keep-alive, group or query. */
export function menuPayload(values: MenuForm) {
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
}

/** A rule with its own message: the value (trimmed) must not be empty. */
const requiredMsg = (message: string) => ({
  validator: (_r: unknown, v: unknown) =>
    isEmpty(typeof v === 'string' ? v.trim() : v) ? Promise.reject(new Error(message)) : Promise.resolve(),
});

/**
 * The form's fields: parent (`parents`, the tree without the menu itself), type, names, then the
 * permission of a button, or the icon, route, keep-alive, permission, group and query of a menu; sort.
 */
export function MenuFields(props: { parents: ParentNode[] }) {
  const { t } = useTranslation();
  return (
    <>
      <TreeSelectField
        name="pid"
        label={t('field.menu.pid')}
        rules={[schemaRule(M.pid, 'field.menu.pid')]}
        treeData={props.parents}
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
      <SchemaTextField {...F} name="nameEn" label="sys.menu.nameEn" check={false} testId="sys-menu-nameEn" />
      <ProFormDependency name={['type']}>
        {({ type }) =>
          type === BUTTON ? (
            <ProFormSelect
              name="permission"
              required
              label={t('field.menu.permission')}
              rules={[requiredMsg(t('system.menu.permission.required'))]}
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
                rules={[requiredMsg(t('system.menu.path.required'))]}
                testId="sys-menu-path"
              />
              <ProFormRadio.Group
                name="keepAlive"
                required
                label={t('field.menu.keepAlive')}
                rules={[requiredMsg(t('system.menu.keepAlive.required'))]}
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
}
