import { describe, expect, it } from 'vitest';
import {
  countyIndex,
  importDate,
  optionIndex,
  optionKey,
  planParam,
  readPlanParam,
} from '../../src/imports/cells';
import { AppError } from '../../src/lib/errors';

/** The cell helpers every import definition reads its cells with (src/imports/cells.ts). */
describe('planParam / readPlanParam', () => {
  it('stores a plan id as {"planId":n} with the extra fields, and reads it back', () => {
    expect(planParam(' 42 ')).toBe('{"planId":42}');
    expect(planParam('7', { dataSource: 'list' })).toBe('{"dataSource":"list","planId":7}');
    expect(readPlanParam(planParam('42'))).toEqual({ planId: 42 });
    expect(readPlanParam<{ dataSource: string }>(planParam('7', { dataSource: 'list' }))).toEqual({
      planId: 7,
      dataSource: 'list',
    });
  });

  it('refuses anything but an id 1–2147483647 with 400 import.planRequired', () => {
    for (const raw of [undefined, '', 'abc', '0', '01', '-1', '1.5', '2147483648', '99999999999', 7]) {
      let error: unknown;
      try {
        planParam(raw);
      } catch (e) {
        error = e;
      }
      expect(error, String(raw)).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 400, key: 'import.planRequired' });
    }
    expect(planParam('2147483647')).toBe('{"planId":2147483647}');
  });

  it('reads a bare id (jobs queued before the one encoding) and gives planId 0 for junk', () => {
    expect(readPlanParam('15')).toEqual({ planId: 15 });
    for (const junk of [null, undefined, '', 'abc', '{"planId":"3"}', '{"planId":-1}', '[1]', '{'])
      expect(readPlanParam(junk).planId, String(junk)).toBe(0);
  });
});

describe('optionIndex', () => {
  const periods = optionIndex([
    { value: '01', label: '小学', labelEn: 'Primary School' },
    { value: '02', label: '初中', labelEn: 'Junior High' },
    { value: '03', label: '高中', labelEn: null },
  ]);

  it('resolves a value, a zh label or an en label to the value', () => {
    expect(periods('01')).toBe('01');
    expect(periods('小学')).toBe('01');
    expect(periods('Junior High')).toBe('02');
    expect(periods('高中')).toBe('03');
  });

  it('answers a text seen before, and one that only differs in width or space, as the first time', () => {
    for (let i = 0; i < 3; i++) {
      expect(periods('小学')).toBe('01');
      expect(periods(' ＰＲＩＭＡＲＹ   school ')).toBe('01');
      expect(periods('大学')).toBeUndefined();
    }
  });

  it('ignores case, full-width forms and extra white space; unknown and empty give undefined', () => {
    expect(periods('primary school')).toBe('01');
    expect(periods('  PRIMARY   school ')).toBe('01');
    expect(periods('ＪＵＮＩＯＲ　ＨＩＧＨ')).toBe('02');
    expect(periods('０１')).toBe('01');
    expect(periods(' 小学 ')).toBe('01');
    expect(periods('大学')).toBeUndefined();
    expect(periods('')).toBeUndefined();
  });

  it('lets a value win over another item’s caption, and the first item win a shared caption', () => {
    const odd = optionIndex([
      { value: '1', label: '合格' },
      { value: '2', label: '1' },
      { value: '3', label: '合格' },
    ]);
    expect(odd('1')).toBe('1');
    expect(odd('合格')).toBe('1');
  });

  it('compares keys in one form', () => {
    expect(optionKey(' Ａ  b\tC ')).toBe('a b c');
  });
});

describe('countyIndex', () => {
  const regions = [
    { code: '520000', parentCode: null, name: '贵州省', level: 1 },
    { code: '520100', parentCode: '520000', name: '贵阳市', level: 2 },
    { code: '520102', parentCode: '520100', name: '南明区', level: 3 },
    { code: '520103', parentCode: '520100', name: '云岩区', level: 3 },
    { code: '520200', parentCode: '520000', name: '六盘水市', level: 2 },
    { code: '520201', parentCode: '520200', name: '钟山区', level: 3 },
    { code: '530100', parentCode: '530000', name: '昆明市', level: 2 },
    { code: '530102', parentCode: '530100', name: '钟山区', level: 3 },
  ];
  const counties = countyIndex(regions);

  it('finds a county by code or by name, with its city and province codes', () => {
    const nanming = { provinceCode: '520000', cityCode: '520100', countyCode: '520102', name: '南明区' };
    expect(counties.find('520102')).toEqual(nanming);
    expect(counties.find('南明区')).toEqual(nanming);
    expect(counties.find(' 南 明 区 ')).toEqual(nanming);
    expect(counties.byCode('520103')?.name).toBe('云岩区');
    expect(counties.find('520100')).toBeUndefined(); // a city is not a county
    expect(counties.find('火星区')).toBeUndefined();
  });

  it('resolves a shared name only through the one county `prefer` accepts', () => {
    expect(counties.find('钟山区')).toBeUndefined();
    expect(counties.find('钟山区', (c) => c.cityCode === '520200')?.countyCode).toBe('520201');
    expect(counties.find('钟山区', (c) => c.countyCode.startsWith('5'))).toBeUndefined();
    expect(counties.find('530102')?.cityCode).toBe('530100');
  });
});

describe('importDate', () => {
  it('reads YYYY-MM-DD, YYYY/M/D and YYYY.M.D of a real day', () => {
    expect(importDate('2026-07-04')).toBe('2026-07-04');
    expect(importDate('2026/7/4')).toBe('2026-07-04');
    expect(importDate(' 2026.12.31 ')).toBe('2026-12-31');
    expect(importDate('2028-02-29')).toBe('2028-02-29');
  });

  it('refuses other texts and days that do not exist', () => {
    for (const text of ['', '2026-02-30', '2026-13-01', '26-7-4', '2026-07-04 09:00', '7/4/2026'])
      expect(importDate(text), text).toBeNull();
  });
});
