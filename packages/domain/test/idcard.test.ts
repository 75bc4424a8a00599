import { describe, expect, it } from 'vitest';
import { idCardCheckChar, parseIdCard } from '../src';

/** Builds a valid 18-digit number from its first 17 digits. */
const make = (first17: string) => first17 + idCardCheckChar(first17);

describe('GB 11643 ID numbers', () => {
  it('accepts a valid number and derives birthday and gender', () => {
    const id = make('52010219900307001');
    expect(parseIdCard(id)).toEqual({
      normalized: id,
      birthday: '1990-03-07',
      gender: '1',
      regionCode: '520102',
    });
    const female = make('52010219950101002');
    expect(parseIdCard(female)?.gender).toBe('2');
  });
  it('knows the published example 11010519491231002X', () => {
    expect(parseIdCard('11010519491231002x')?.normalized).toBe('11010519491231002X');
  });
  it('rejects a wrong check character, a bad date, a future birth and an unknown province', () => {
    const id = make('52010219900307001');
    const wrong = id.slice(0, 17) + (id[17] === '0' ? '1' : '0');
    expect(parseIdCard(wrong)).toBeNull();
    expect(parseIdCard(make('52010219900230001'))).toBeNull();
    expect(parseIdCard(make('52010230000101001'), new Date('2026-01-01'))).toBeNull();
    expect(parseIdCard(make('99010219900307001'))).toBeNull();
    expect(parseIdCard('5201021990030700')).toBeNull();
  });
  it('converts 15-digit numbers and accepts residence permits', () => {
    const info = parseIdCard('520102900307001');
    expect(info?.normalized).toBe(make('52010219900307001'));
    expect(info?.birthday).toBe('1990-03-07');
    expect(parseIdCard(make('81000019900101001'))?.birthday).toBe('1990-01-01');
    expect(parseIdCard(make('83000019900101002'))?.gender).toBe('2');
  });
  it('checks the birth date by the calendar: leap years, month and day bounds, from 1900 to today', () => {
    const born = (date: string, today?: Date) => parseIdCard(make(`520102${date}001`), today) !== null;
    expect(born('20000229')).toBe(true);
    expect(born('20040229')).toBe(true);
    expect(born('19000229')).toBe(false);
    expect(born('20010229')).toBe(false);
    expect(born('20000230')).toBe(false);
    expect(born('19900431')).toBe(false);
    expect(born('19901300')).toBe(false);
    expect(born('19900001')).toBe(false);
    expect(born('19900100')).toBe(false);
    expect(born('18991231')).toBe(false);
    expect(born('19000101')).toBe(true);
    expect(born('20260115', new Date('2026-01-15T00:00:00Z'))).toBe(true);
    expect(born('20260116', new Date('2026-01-15T23:59:59Z'))).toBe(false);
  });
  it('agrees with the calendar of Date on every year, month 0–13 and day 0–32 from 1899 to 2027', () => {
    const today = new Date('2026-11-29T08:00:00Z');
    const wrong: string[] = [];
    for (let y = 1899; y <= 2027; y++)
      for (let m = 0; m <= 13; m++)
        for (let d = 0; d <= 32; d++) {
          const date = `${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
          const at = new Date(Date.UTC(y, m - 1, d));
          const calendar =
            at.getUTCFullYear() === y &&
            at.getUTCMonth() === m - 1 &&
            at.getUTCDate() === d &&
            y >= 1900 &&
            at <= today;
          if ((parseIdCard(make(`520102${date}001`), today) !== null) !== calendar) wrong.push(date);
        }
    expect(wrong).toEqual([]);
  });
  it('reads full-width digits, a lower-case x and surrounding spaces in their canonical form', () => {
    const id = make('52010219900307001');
    const wide = id.replace(/\d/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    expect(parseIdCard(` ${wide} `)?.normalized).toBe(id);
    expect(parseIdCard('11010519491231002x ')?.normalized).toBe('11010519491231002X');
  });
});
