import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api';
import { menuHref, menuRoutes } from './menu';

/** The sidebar from getMenu (spec §3 "Menu item"): a leaf's route query goes after its page's path. */
const node = (o: Partial<MenuNode>): MenuNode =>
  ({
    id: 1,
    pid: 0,
    name: '报名记录',
    nameEn: 'Enrolments',
    path: '/candidate/enroll',
    icon: null,
    type: '0',
    keepAlive: '1',
    permission: null,
    group: null,
    query: null,
    sort: 0,
    createTime: '',
    children: [],
    ...o,
  }) as MenuNode;

describe('menu links', () => {
  it("open a leaf's page with its route query", () => {
    const [item] = menuRoutes([node({ query: 'tab=audit&status=0' })], 'zh');
    expect(item!.path).toBe('/candidate/enroll/index');
    expect(menuHref(item!)).toBe('/candidate/enroll/index?tab=audit&status=0');
  });

  it('leave a leaf without a query, a group and an external link as they are', () => {
    const [plain] = menuRoutes([node({})], 'zh');
    expect(menuHref(plain!)).toBe('/candidate/enroll/index');
    const [group] = menuRoutes(
      [node({ id: 2, path: '/recruit', query: 'x=1', children: [node({ id: 3, pid: 2 })] })],
      'zh',
    );
    expect(menuHref(group!)).toBe('/recruit');
    expect(menuHref({ path: 'https://example.org/a', query: 'x=1' })).toBe('https://example.org/a');
  });
});
