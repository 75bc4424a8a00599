import type { MenuDataItem } from '@ant-design/pro-components';
import { menuLabel, type MenuNode } from '../api';
import { MenuIcon } from './icons';
import { MENU_TYPE } from '@tegang/domain';

export const isExternal = (path: string | null | undefined) => !!path && /^https?:\/\//i.test(path);
/** A menu path that embeds an external page in the console: /myiframe/{encoded http(s) URL} (spec §2). */
export const isEmbedded = (path: string | null | undefined) => !!path && path.startsWith('/myiframe/');

/**
 * The sidebar from GET /auth/getMenu (spec §2, §3 "Menu item"): buttons (type '1') are not shown;
 * a leaf maps to its path + '/index'; an http(s) path opens in a new window; a /myiframe/{url}
 * path shows that page embedded in the console.
 */
export function menuRoutes(nodes: readonly MenuNode[], lang: string): MenuDataItem[] {
  return nodes
    .filter((n) => n.type !== MENU_TYPE.button)
    .map((n) => {
      const children = menuRoutes(n.children ?? [], lang);
      const path =
        isExternal(n.path) || isEmbedded(n.path)
          ? n.path!
          : children.length
            ? (n.path ?? `/menu-${n.id}`)
            : `${(n.path ?? '').replace(/\/+$/, '')}/index`;
      return {
        key: `menu-${n.id}`,
        path,
        // spec §3 "Menu item" query: the page of a leaf opens with it (menuHref)
        ...(n.query && !children.length ? { query: n.query } : {}),
        name: menuLabel(n, lang),
        icon: <MenuIcon name={n.icon} />,
        ...(children.length ? { children } : {}),
      };
    });
}

/**
 * Where a sidebar item links: its path, with the item's route query (spec §3 "Menu item" `query`,
 * `name=value&…`) after a '?' for a console page; an http(s) or embedded path stays as it is.
 */
export function menuHref(item: Pick<MenuDataItem, 'path'> & { query?: string | null }): string | undefined {
  const { path, query } = item;
  if (!path || !query || isExternal(path) || isEmbedded(path)) return path;
  return `${path}?${query}`;
}

/** The menu label of the leaf for `pathname`, if the menu has one. */
export function menuTitleOf(nodes: readonly MenuNode[], pathname: string, lang: string): string | null {
  for (const n of nodes) {
    if (n.type === MENU_TYPE.button) continue;
    if (n.children?.some((c) => c.type !== MENU_TYPE.button)) {
      const hit = menuTitleOf(n.children, pathname, lang);
      if (hit) return hit;
    } else if (n.path && `${n.path.replace(/\/+$/, '')}/index` === pathname) return menuLabel(n, lang);
  }
  return null;
}

/** The menu's leaves (label, path) in the UI language, for the menu search. */
export function menuLeaves(nodes: readonly MenuNode[], lang: string): { label: string; path: string }[] {
  const out: { label: string; path: string }[] = [];
  for (const item of menuRoutes(nodes, lang)) collect(item, out);
  return out;
}
function collect(item: MenuDataItem, out: { label: string; path: string }[]) {
  if (item.children?.length) for (const c of item.children) collect(c, out);
  else if (item.path && item.name) out.push({ label: String(item.name), path: item.path });
}
