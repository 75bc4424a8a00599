import { useCallback, useRef, useState, type Key } from 'react';
import type { ActionType } from '@ant-design/pro-components';
import { DEFAULT_PAGE_SIZE } from '@tegang/domain';
import { cleanQuery, hasSearch, lastPageWithRows } from './query';
import { attachLoaded, pruneChildren, withChildren } from './tree';
import type { CrudApi, CrudTree, Paging, RecordId } from './types';

/** The answer ProTable expects from `request`. */
interface TableAnswer<T> {
  data: T[];
  total: number;
  success: boolean;
}

/** The list state of a CrudTable: ProTable's request, the rows, the tree's expanded nodes. */
export interface CrudList<T> {
  actionRef: React.RefObject<ActionType | undefined>;
  /** ProTable's `request` (stable: ProTable fetches again whenever it changes identity). */
  request: (params: Record<string, any>) => Promise<TableAnswer<T>>;
  /** The rows on screen (ProTable's controlled dataSource; a lazy tree adds loaded sub-rows). */
  rows: T[] | undefined;
  setRows: (rows: T[]) => void;
  /** True when the rows are a paged list; false when they are a tree (no pager). */
  paged: boolean;
  /** Tree mode: the expanded nodes, and the handler that loads a lazy node's sub-rows. */
  expandedKeys: Key[];
  onExpand: (expanded: boolean, row: T) => void;
  setExpandedKeys: (keys: Key[]) => void;
  /** Lazy tree: the node whose sub-rows are loading. */
  loadingKey: RecordId | null;
  reload: () => void;
  /** The search values of the list on screen, without paging. */
  query: () => Record<string, unknown>;
  /** The total of the list on screen (null before it loaded; the number of top rows of a tree). */
  total: () => number | null;
}

/**
 * The data side of a CrudTable (spec §7 "Generic list behaviour", §9 paging): turns ProTable's request
 * into `api.page` calls with `current`/`size` and the cleaned search values, goes back to the last
 * page with rows when a deletion emptied the page on screen, and in tree mode loads the tree instead:
 * whole (`tree.roots`), or lazily (`tree.children` when a node is expanded; after a reload the
 * expanded nodes are loaded again so that the tree stays open; a search is a paged list of matches).
 */
export function useCrudList<T extends Record<string, any>, Q>(options: {
  api: CrudApi<T, Q, any>;
  tree?: CrudTree<T, any, Q>;
  idOf: (row: T) => RecordId;
  /** Told the page and size of every request (a screen keeping its state across tabs). */
  onRequest?: (paging: { current: number; pageSize: number }) => void;
}): CrudList<T> {
  const actionRef = useRef<ActionType>(undefined);
  const queryRef = useRef<Record<string, unknown>>({});
  const totalRef = useRef<number | null>(null);
  const [rows, setRowsState] = useState<T[] | undefined>(undefined);
  const [paged, setPaged] = useState(!options.tree);
  const [expandedKeys, setExpandedState] = useState<Key[]>([]);
  const [loadingKey, setLoadingKey] = useState<RecordId | null>(null);
  // the latest config and state, read by the stable request
  const latest = useRef(options);
  latest.current = options;
  const rowsRef = useRef<T[]>([]);
  const expandedRef = useRef<Key[]>([]);

  const setRows = useCallback((next: T[]) => {
    rowsRef.current = next;
    setRowsState(next);
  }, []);
  const setExpandedKeys = useCallback((keys: Key[]) => {
    expandedRef.current = keys;
    setExpandedState(keys);
  }, []);

  /** A lazy node gets `children: []` (antd's expand icon) until its sub-rows are loaded. */
  const lazyRows = useCallback((list: T[]): T[] => {
    const { tree } = latest.current;
    return list.map((r) =>
      (tree?.hasChildren?.(r) ?? true) ? ({ ...r, children: [] } as T) : ({ ...r, children: undefined } as T),
    );
  }, []);

  const request = useCallback(
    async (params: Record<string, any>): Promise<TableAnswer<T>> => {
      const { api, tree, idOf } = latest.current;
      const current = Number(params.current ?? 1);
      const pageSize = Number(params.pageSize ?? DEFAULT_PAGE_SIZE);
      const query = cleanQuery(params);
      queryRef.current = query;
      latest.current.onRequest?.({ current, pageSize });
      try {
        if (!tree || (tree.children && api.page && hasSearch(query))) {
          setPaged(true);
          const page = await api.page!({ ...query, current, size: pageSize } as Q & Paging);
          const back = lastPageWithRows(current, pageSize, page.total, page.records.length);
          // the last row of a page was deleted: show the last page that still has rows
          if (back !== null) actionRef.current?.setPageInfo?.({ current: back });
          totalRef.current = page.total;
          return { data: page.records, total: page.total, success: true };
        }
        setPaged(false);
        const roots = await tree.roots(query as Partial<Q>);
        let data: T[];
        if (tree.children) {
          // reload the sub-rows of the nodes that were open (by their last known row)
          const known = new Map<unknown, T>();
          const index = (list: readonly T[]) => {
            for (const r of list) {
              known.set(idOf(r), r);
              if (r.children?.length) index(r.children as T[]);
            }
          };
          index(rowsRef.current);
          const open = expandedRef.current.map((k) => known.get(k)).filter((r): r is T => !!r);
          const loaded = new Map<unknown, T[]>();
          await Promise.all(
            open.map(async (r) => {
              try {
                loaded.set(idOf(r), lazyRows(await tree.children!(r)));
              } catch {
                // shown by the request client; the node stays closed
              }
            }),
          );
          data = attachLoaded(lazyRows(roots), idOf, loaded);
          setExpandedKeys(expandedRef.current.filter((k) => loaded.has(k)));
        } else {
          data = pruneChildren(roots as (T & { children?: T[] })[]);
        }
        totalRef.current = data.length;
        return { data, total: data.length, success: true };
      } catch {
        return { data: [] as T[], total: 0, success: false };
      }
    },
    [lazyRows, setExpandedKeys],
  );

  const onExpand = useCallback(
    (expanded: boolean, row: T) => {
      const { tree, idOf } = latest.current;
      const key = idOf(row);
      if (!expanded) {
        setExpandedKeys(expandedRef.current.filter((k) => k !== key));
        return;
      }
      if (!tree?.children || (Array.isArray(row.children) && row.children.length)) {
        setExpandedKeys([...expandedRef.current, key]);
        return;
      }
      setLoadingKey(key);
      tree
        .children(row)
        .then((children) => {
          setRows(withChildren(rowsRef.current as (T & { children?: T[] })[], idOf, key, lazyRows(children)));
          if (children.length) setExpandedKeys([...expandedRef.current, key]);
        })
        .catch(() => {
          // shown by the request client
        })
        .finally(() => setLoadingKey(null));
    },
    [lazyRows, setExpandedKeys, setRows],
  );

  const reload = useCallback(() => void actionRef.current?.reload(), []);
  const query = useCallback(() => ({ ...queryRef.current }), []);
  const total = useCallback(() => totalRef.current, []);

  return {
    actionRef,
    request,
    rows,
    setRows,
    paged,
    expandedKeys,
    onExpand,
    setExpandedKeys,
    loadingKey,
    reload,
    query,
    total,
  };
}
