import { describe, expect, it } from 'vitest';
import {
  enrollQuerySchema,
  formatSerialNo,
  parseSerialNo,
  serialNoPrefix,
  SERIAL_NO_MAX_LENGTH,
} from '../src';

/** The 报名序号 (enroll-serial.ts): plan year + GB/T 2260 county code + the county's sequence. */
describe('the 报名序号', () => {
  it('writes year, county code and the sequence in five digits', () => {
    expect(formatSerialNo({ year: '2027', countyCode: '520102', sequence: 17 })).toBe('202752010200017');
    expect(formatSerialNo({ year: '2027', countyCode: '522732', sequence: 1 })).toBe('202752273200001');
    expect(formatSerialNo({ year: '2027', countyCode: '520102', sequence: 99_999 })).toBe('202752010299999');
    expect(serialNoPrefix('2027', '520102')).toBe('2027520102');
  });

  it('keeps every digit of a sequence past 99,999 instead of cutting it', () => {
    const long = formatSerialNo({ year: '2027', countyCode: '520102', sequence: 123_456 });
    expect(long).toBe('2027520102123456');
    expect(parseSerialNo(long)).toEqual({ year: '2027', countyCode: '520102', sequence: 123_456 });
    const largest = formatSerialNo({ year: '2027', countyCode: '520102', sequence: 2_147_483_647 });
    expect(largest).toHaveLength(SERIAL_NO_MAX_LENGTH);
  });

  it('refuses a year, county code or sequence the number cannot hold', () => {
    expect(() => serialNoPrefix('27', '520102')).toThrow(RangeError);
    expect(() => serialNoPrefix('2027', '5201')).toThrow(RangeError);
    expect(() => serialNoPrefix('2027', '520102001')).toThrow(RangeError);
    for (const sequence of [0, -1, 1.5, Number.NaN, 2_147_483_648])
      expect(() => formatSerialNo({ year: '2027', countyCode: '520102', sequence })).toThrow(RangeError);
  });

  it('reads back what it writes, and nothing else', () => {
    expect(parseSerialNo('202752010200017')).toEqual({ year: '2027', countyCode: '520102', sequence: 17 });
    for (const bad of [
      '',
      '20275201020001', // one digit short
      '202752010200000', // sequence 0
      '2027520102000017', // a long sequence with a leading zero
      ' 202752010200017',
      '2027520102O0017',
      'No. 00000012',
    ])
      expect(parseSerialNo(bad), bad).toBeNull();
  });

  it('is a search field of the enrolment list: the whole number, at most 20 characters', () => {
    expect(enrollQuerySchema.parse({ serialNo: ' 202752010200017 ' }).serialNo).toBe('202752010200017');
    expect(enrollQuerySchema.parse({ serialNo: '' }).serialNo).toBeUndefined();
    expect(enrollQuerySchema.safeParse({ serialNo: '1'.repeat(21) }).success).toBe(false);
  });
});
