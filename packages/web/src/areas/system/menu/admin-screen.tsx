import { useRef, useState } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@tegang/domain';
import { createMenu, deleteMenu, menuTree, swapMenuOrder, updateMenu, type Menu } from '../api';
import {
  BUTTON,
  MenuFields,
  menuFormValues,
  menuPayload,
  useMenuColumns,
  type MenuForm,
  type ParentNode,
} from './admin-data';
import {
  CrudTable,
  filterTree,
  pruneChildren,
  RowButton,
  siblingsOf,
  useActions,
  type CrudConfig,
} from '../../../components/crud';
import { DisabledReason } from '../../../components/disabled-reason';

/**
 * Menus (/system/menu/index; spec §2 "Menus", §3 Menu item, §5 Menu, §7 "Menus"): a tree table of
 * menus and buttons; for a button, icon, route, keep-alive, group and route query are hidden and the
 * permission id is required.
 */

const idOf = (m: Menu) => m.id;
/** A menu matches a search by its Chinese name or (any case) its English name. */
const matches = (text: string) => (m: Menu) =>
  m.name.includes(text) || (m.nameEn ?? '').toLowerCase().includes(text.toLowerCase());
/**
 * The menus screen (see above): columns, form values and fields from admin-data; the tree, the
 * parent choices and the move up/down buttons here.
 */
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

  const columns = useMenuColumns(nameOf);

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
      initialValues: ({ record }) => menuFormValues(record),
      toPayload: menuPayload,
      fields: ({ record }) => <MenuFields parents={parents(record?.id)} />,
    },
  };

  return <CrudTable config={config} />;
}
