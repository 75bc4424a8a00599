import type { Rule } from 'antd/es/form';
import { formatDateTime, validate, type Lang, type MessageKey } from '@tegang/domain';
import i18n from '../../i18n';
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

/**
 * A tree answered by the server, paged by its top-level nodes on the client (the tree screens
 * hand the CRUD component a page like every other screen).
 */
export function pageOfTree<T>(tree: T[], current: number, size: number) {
  const start = (current - 1) * size;
  return { records: tree.slice(start, start + size), total: tree.length, current, size };
}

type Schema = Parameters<typeof validate>[0];

/**
 * An antd rule from a field of a domain schema (packages/domain/src/system.ts): the same check and
 * message as the server's 400 answer, `{label}` being `labelKey`.
 */
export function schemaRule(schema: Schema, labelKey: string): Rule {
  return {
    validator: (_rule, value) => {
      const result = validate(schema, value === null || value === '' ? undefined : value, langOf(), {
        '': labelKey as MessageKey,
      });
      return result.ok ? Promise.resolve() : Promise.reject(new Error(result.errors[0]!.message));
    },
  };
}

const langOf = (): Lang => (i18n.language === 'en' ? 'en' : 'zh');
