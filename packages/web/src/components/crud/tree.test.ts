import { describe, expect, it } from 'vitest';
import { attachLoaded, filterTree, findNode, pruneChildren, siblingsOf, withChildren } from './tree';

interface Node {
  id: number;
  name: string;
  children?: Node[];
}
const idOf = (n: Node) => n.id;
const tree: Node[] = [
  {
    id: 1,
    name: '系统管理',
    children: [
      { id: 11, name: '用户管理', children: [] },
      { id: 12, name: '菜单管理', children: [{ id: 121, name: '新增菜单' }] },
    ],
  },
  { id: 2, name: '系统监控', children: [{ id: 21, name: '登录日志' }] },
];

describe('tree helpers', () => {
  it('prunes empty children so that leaves have no expand icon', () => {
    const pruned = pruneChildren(tree);
    expect(pruned[0]!.children![0]!.children).toBeUndefined();
    expect(pruned[0]!.children![1]!.children).toHaveLength(1);
  });

  it('finds a node and its siblings', () => {
    expect(findNode(tree, idOf, 121)?.name).toBe('新增菜单');
    expect(findNode(tree, idOf, 99)).toBeUndefined();
    expect(siblingsOf(tree, idOf, 12)?.map(idOf)).toEqual([11, 12]);
    expect(siblingsOf(tree, idOf, 2)?.map(idOf)).toEqual([1, 2]);
    expect(siblingsOf(tree, idOf, 99)).toBeNull();
  });

  it('replaces the sub-rows of one node, keeping the other branches as they were', () => {
    const next = withChildren(tree, idOf, 11, [{ id: 111, name: '重置密码' }]);
    expect(findNode(next, idOf, 11)?.children?.map(idOf)).toEqual([111]);
    expect(next[1]).toBe(tree[1]); // untouched branch: same object
    expect(tree[0]!.children![0]!.children).toEqual([]); // the input is not changed
    expect(findNode(withChildren(tree, idOf, 11, []), idOf, 11)?.children).toBeUndefined();
    expect(withChildren(tree, idOf, 99, [])).toBe(tree);
  });

  it('keeps the matches of a search with their ancestors', () => {
    const found = filterTree(tree, (n) => n.name.includes('菜单'));
    expect(found.map(idOf)).toEqual([1]);
    expect(found[0]!.children!.map(idOf)).toEqual([12]);
    expect(found[0]!.children![0]!.children!.map(idOf)).toEqual([121]); // a match keeps its sub-rows
    expect(filterTree(tree, (n) => n.name === '无')).toEqual([]);
  });

  it('rebuilds a lazy tree from fresh roots and the reloaded sub-rows of open nodes', () => {
    const roots: Node[] = [
      { id: 1, name: 'a', children: [] },
      { id: 2, name: 'b', children: [] },
    ];
    const loaded = new Map<unknown, Node[]>([
      [1, [{ id: 11, name: 'a1', children: [] }]],
      [11, [{ id: 111, name: 'a11' }]],
      [3, [{ id: 31, name: 'gone' }]],
    ]);
    const rebuilt = attachLoaded(roots, idOf, loaded);
    expect(rebuilt[0]!.children![0]!.children!.map(idOf)).toEqual([111]);
    expect(rebuilt[1]!.children).toEqual([]); // not open: still to be loaded
    expect(attachLoaded(roots, idOf, new Map([[2, []]]))[1]!.children).toBeUndefined();
  });
});
