import { describe, expect, it } from 'vitest';
import { allPages, capitalize, cleanQuery, hasSearch, lastPageWithRows, rowNumber } from './query';

describe('cleanQuery', () => {
  it("drops ProTable's own keys and empty values", () => {
    expect(
      cleanQuery({
        current: 2,
        pageSize: 20,
        keyword: 'x',
        _timestamp: 1,
        name: '北京',
        code: '',
        parentCode: undefined,
        tags: [],
        state: null,
        year: 0,
        ids: [1],
      }),
    ).toEqual({ name: '北京', year: 0, ids: [1] });
  });

  it('tells whether a search is on', () => {
    expect(hasSearch(cleanQuery({ current: 1, pageSize: 10 }))).toBe(false);
    expect(hasSearch(cleanQuery({ current: 1, name: 'a' }))).toBe(true);
  });
});

describe('paging (spec §9)', () => {
  it('numbers rows over the pages', () => {
    expect(rowNumber(1, 10, 0)).toBe(1);
    expect(rowNumber(3, 20, 4)).toBe(45);
  });

  it('goes back to the last page with rows after the last row of a page was deleted', () => {
    expect(lastPageWithRows(3, 10, 20, 0)).toBe(2);
    expect(lastPageWithRows(3, 10, 20, 5)).toBeNull();
    expect(lastPageWithRows(1, 10, 0, 0)).toBeNull();
    expect(lastPageWithRows(2, 10, 0, 0)).toBeNull();
  });
});

describe('allPages', () => {
  it('fetches page after page of 100 until the total is reached', async () => {
    const rows = Array.from({ length: 230 }, (_, i) => i);
    const asked: number[] = [];
    const all = await allPages(async ({ current, size }) => {
      asked.push(current);
      expect(size).toBe(100);
      return { records: rows.slice((current - 1) * size, current * size), total: rows.length };
    });
    expect(all).toEqual(rows);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops on an empty page even if the total says more', async () => {
    const all = await allPages(async ({ current }) => ({ records: current === 1 ? ['a'] : [], total: 5 }));
    expect(all).toEqual(['a']);
  });
});

it('capitalizes titles, leaving Chinese alone', () => {
  expect(capitalize('enrolment details')).toBe('Enrolment details');
  expect(capitalize('报名详情')).toBe('报名详情');
});
