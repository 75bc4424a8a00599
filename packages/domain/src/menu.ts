/** A menu item (spec §3 "Menu item"): type '0' menu, '1' button; keepAlive '1' or '0'. */
export interface MenuItem {
  id: number;
  pid: number;
  name: string;
  nameEn: string | null;
  path: string | null;
  icon: string | null;
  type: string;
  keepAlive: string;
  permission: string | null;
  /** The group the sidebar lists the item under; null: none. */
  group: string | null;
  /** The query string the item's page opens with, without '?' (`type=1`); null: none. */
  query: string | null;
  sort: number;
  createTime: string;
  children?: MenuItem[];
}
