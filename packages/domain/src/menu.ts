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
  sort: number;
  createTime: string;
  children?: MenuItem[];
}
