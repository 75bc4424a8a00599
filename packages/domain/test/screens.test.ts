import { describe, expect, it } from 'vitest';
import {
  ALL_SCREENS,
  BUTTON_LABELS,
  catalogues,
  isPermissionKey,
  screenButtons,
  screenRoute,
  SCREENS,
} from '../src';

/** The screen table (packages/domain screens.ts) that drives the menu seed, the menu sync and the console routes. */
describe('SCREENS', () => {
  const paths = [...SCREENS.map((g) => g.path), ...ALL_SCREENS.map((s) => s.path)];

  it('has unique menu paths and routes', () => {
    expect(new Set(paths).size).toBe(paths.length);
    const routes = ALL_SCREENS.map((s) => screenRoute(s.path));
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes.every((r) => r.endsWith('/index'))).toBe(true);
  });

  it('carries only declared permission keys, each on one screen', () => {
    const keys = ALL_SCREENS.flatMap((s) => [
      s.permissions.list,
      ...screenButtons(s).map((b) => b.permission),
    ]);
    expect(keys.filter((k) => !isPermissionKey(k))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
    // A key is a sync key too: it must never look like a menu path.
    expect(keys.some((k) => k.startsWith('/'))).toBe(false);
  });

  it('names every group, screen and button in both catalogues', () => {
    const labelKeys = [
      ...SCREENS.map((g) => g.labelKey),
      ...ALL_SCREENS.map((s) => s.labelKey),
      ...Object.values(BUTTON_LABELS),
    ];
    for (const lang of ['zh', 'en'] as const) {
      const table = catalogues[lang] as Record<string, string>;
      expect(labelKeys.filter((k) => !table[k])).toEqual([]);
    }
    expect(ALL_SCREENS.flatMap((s) => screenButtons(s)).every((b) => b.labelKey)).toBe(true);
  });

  it('gives siblings distinct orders', () => {
    const groupOrders = SCREENS.map((g) => g.order);
    expect(new Set(groupOrders).size).toBe(groupOrders.length);
    for (const group of SCREENS) {
      const orders = group.screens.map((s) => s.order);
      expect(new Set(orders).size).toBe(orders.length);
    }
  });

  it('makes a screen of each PERMISSIONS group with a list key, buttons in declaration order', () => {
    const plan = ALL_SCREENS.find((s) => s.path === '/recruit/recruitPlan')!;
    expect(plan.permissions.list).toBe('recruit:recruitPlan:list');
    expect(screenButtons(plan).map((b) => b.permission)).toEqual([
      'recruit:recruitPlan:query',
      'recruit:recruitPlan:add',
      'recruit:recruitPlan:edit',
      'recruit:recruitPlan:remove',
      'recruit:recruitPlan:status',
      'recruit:recruitPlan:notify',
      'recruit:recruitPlan:smsTemplate',
      'recruit:recruitPlan:retention',
    ]);
    expect(screenButtons(plan).map((b) => catalogues.zh[b.labelKey])).toEqual([
      '详情',
      '新增',
      '修改',
      '删除',
      '发布状态',
      '短信通知',
      '短信模板',
      '数据保留',
    ]);
  });
});
