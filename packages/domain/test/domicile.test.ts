import { describe, expect, it } from 'vitest';
import { domicilePath, domicileText, regionCodePath, regionNodesOfCode, type RegionNode } from '../src';

/** A slice of the GB/T 2260 tree: a province with cities, a municipality with its 市辖区 grouping. */
const tree: RegionNode[] = [
  {
    code: '110000',
    name: '北京市',
    level: 1,
    children: [
      { code: '110100', name: '市辖区', level: 2, children: [{ code: '110101', name: '东城区', level: 3 }] },
    ],
  },
  {
    code: '520000',
    name: '贵州省',
    level: 1,
    children: [
      {
        code: '520100',
        name: '贵阳市',
        level: 2,
        children: [
          { code: '520102', name: '南明区', level: 3 },
          { code: '520103', name: '云岩区', level: 3 },
        ],
      },
    ],
  },
  { code: '810000', name: '香港特别行政区', level: 1 },
];

describe('the domicile from the ID number (户籍所在地 prefilled)', () => {
  it('splits an address code into its province, city and county codes', () => {
    expect(regionCodePath('520102')).toEqual(['520000', '520100', '520102']);
    expect(regionCodePath('520100')).toEqual(['520000', '520100']);
    expect(regionCodePath('810000')).toEqual(['810000']);
    expect(regionCodePath('52010')).toEqual([]);
  });
  it('finds the nodes of a code only when every level is in the list', () => {
    expect(regionNodesOfCode(tree, '520102').map((n) => n.name)).toEqual(['贵州省', '贵阳市', '南明区']);
    expect(regionNodesOfCode(tree, '110101').map((n) => n.code)).toEqual(['110000', '110100', '110101']);
    expect(regionNodesOfCode(tree, '810000').map((n) => n.name)).toEqual(['香港特别行政区']);
    expect(regionNodesOfCode(tree, '520199')).toEqual([]); // a county the list does not hold
    expect(regionNodesOfCode(tree, '990101')).toEqual([]);
  });
  it('writes the names as the stored text, without grouping names, and reads them back', () => {
    expect(domicileText(['贵州省', '贵阳市', '南明区'])).toBe('贵州省贵阳市南明区');
    expect(domicileText(['北京市', '市辖区', '东城区'])).toBe('北京市东城区');
    expect(domicilePath(tree, '贵州省贵阳市南明区')).toEqual(['520000', '520100', '520102']);
    expect(domicilePath(tree, '北京市东城区')).toEqual(['110000', '110100', '110101']);
    expect(domicilePath(tree, '贵州省贵阳市')).toEqual(['520000', '520100']);
    expect(domicilePath(tree, '香港特别行政区')).toEqual(['810000']);
  });
  it('reads no path from text typed by hand', () => {
    expect(domicilePath(tree, '贵州贵阳')).toEqual([]);
    expect(domicilePath(tree, '贵州省贵阳市南明区花果园')).toEqual([]);
    expect(domicilePath(tree, '')).toEqual([]);
    expect(domicilePath(tree, undefined)).toEqual([]);
  });
});
