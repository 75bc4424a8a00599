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
});
