import type { ProColumns } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@tegang/domain';
import type { TreeOption } from './api';

/** Helpers shared by the system screens. */

/** A tree select node: value, title, children. */
export interface SelectNode {
  value: string | number;
  title: string;
  children?: SelectNode[];
}

/** The server's tree options ({id|value|code, label|name, children}) as TreeSelect nodes. */
export function toSelectNodes(nodes: readonly TreeOption[] | undefined): SelectNode[] {
  return (nodes ?? []).map((n) => ({
    value: (n.value ?? n.id ?? n.code) as string | number,
    title: n.label ?? n.name ?? String(n.id),
    children: n.children?.length ? toSelectNodes(n.children) : undefined,
  }));
}

/** The title of the node with `value` in a tree. */
export function titleOf(nodes: readonly SelectNode[], value: unknown): string | undefined {
  for (const n of nodes) {
    if (String(n.value) === String(value)) return n.title;
    const below = n.children ? titleOf(n.children, value) : undefined;
    if (below) return below;
  }
  return undefined;
}

/** A created time as the tables show it. */
export const timeText = (value: string | null | undefined) => (value ? formatDateTime(value) : '-');

/** The 创建时间 column of a system table (not searched). */
export function createTimeColumn<T extends { createTime?: string | null }>(
  t: TFunction,
  width = 170,
): ProColumns<T> {
  return {
    title: t('field.createTime'),
    dataIndex: 'createTime',
    search: false,
    width,
    render: (_dom, row) => timeText(row.createTime),
  };
}

/**
 * A list the server answers whole (online users), paged on the client so that the CRUD component gets a
 * §9 page like from every other screen.
 */
export function pageOfList<T>(list: T[], current: number, size: number) {
  const start = (current - 1) * size;
  return { records: list.slice(start, start + size), total: list.length, current, size };
}
