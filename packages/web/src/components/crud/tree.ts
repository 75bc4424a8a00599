/**
 * Pure tree helpers of the CRUD component's tree mode (no React), unit-tested in tree.test.ts. A tree
 * row keeps its sub-rows in `children`: an array with rows, `[]` for a node whose sub-rows are not
 * loaded yet (lazy mode: antd shows the expand icon), or undefined for a leaf.
 */

/** A row of a tree: its sub-rows in `children`. */
export type TreeRow<T> = T & { children?: TreeRow<T>[] };

/** Children arrays emptied to undefined, so that leaves show no expand icon. */
export function pruneChildren<T extends { children?: T[] }>(nodes: readonly T[]): T[] {
  return nodes.map((n) => ({
    ...n,
    children: n.children?.length ? pruneChildren(n.children) : undefined,
  }));
}

/**
 * The tree with the sub-rows of the node whose key is `key` replaced by `children` (undefined when
 * there are none, so that the node becomes a leaf). Nodes off the path are kept as they are.
 */
export function withChildren<T extends { children?: T[] }>(
  nodes: readonly T[],
  keyOf: (node: T) => unknown,
  key: unknown,
  children: T[],
): T[] {
  let changed = false;
  const out = nodes.map((n) => {
    if (keyOf(n) === key) {
      changed = true;
      return { ...n, children: children.length ? children : undefined };
    }
    if (!n.children?.length) return n;
    const below = withChildren(n.children, keyOf, key, children);
    if (below === n.children) return n;
    changed = true;
    return { ...n, children: below };
  });
  return changed ? out : (nodes as T[]);
}

/** The node with `key` anywhere in the tree. */
export function findNode<T extends { children?: T[] }>(
  nodes: readonly T[],
  keyOf: (node: T) => unknown,
  key: unknown,
): T | undefined {
  for (const n of nodes) {
    if (keyOf(n) === key) return n;
    const below = n.children ? findNode(n.children, keyOf, key) : undefined;
    if (below) return below;
  }
  return undefined;
}

/** The siblings of the node with `key` (the list it stands in), or null when it is not in the tree. */
export function siblingsOf<T extends { children?: T[] }>(
  nodes: readonly T[],
  keyOf: (node: T) => unknown,
  key: unknown,
): readonly T[] | null {
  if (nodes.some((n) => keyOf(n) === key)) return nodes;
  for (const n of nodes) {
    const found = n.children ? siblingsOf(n.children, keyOf, key) : null;
    if (found) return found;
  }
  return null;
}

/**
 * The nodes that match, with their ancestors (a client-side search over a full tree). A matching
 * node keeps all its sub-rows; an ancestor keeps only the branches that lead to a match.
 */
export function filterTree<T extends { children?: T[] }>(
  nodes: readonly T[],
  match: (node: T) => boolean,
): T[] {
  const out: T[] = [];
  for (const n of nodes) {
    if (match(n)) {
      out.push(n);
      continue;
    }
    const below = n.children ? filterTree(n.children, match) : [];
    if (below.length) out.push({ ...n, children: below });
  }
  return out;
}

/**
 * Rebuilds a lazy tree after a reload: `roots` freshly loaded, `loaded` the sub-rows fetched again for
 * the nodes that were expanded (by key). Sub-rows of a node attach only where the node is present.
 */
export function attachLoaded<T extends { children?: T[] }>(
  roots: readonly T[],
  keyOf: (node: T) => unknown,
  loaded: ReadonlyMap<unknown, T[]>,
): T[] {
  return roots.map((n) => {
    const children = loaded.get(keyOf(n));
    if (!children) return n;
    return { ...n, children: children.length ? attachLoaded(children, keyOf, loaded) : undefined };
  });
}
