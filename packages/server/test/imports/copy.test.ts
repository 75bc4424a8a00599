import { describe, expect, it } from 'vitest';
import { copyField } from '../../src/imports/copy';

/** One field of COPY's text format (src/imports/copy.ts), as the comparison import writes its rows. */
describe('copyField', () => {
  it('writes null and undefined as \\N, numbers as their text', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField(42)).toBe('42');
    expect(copyField('')).toBe('');
  });

  it('escapes backslash, tab, newline and carriage return, and nothing else', () => {
    expect(copyField('张三')).toBe('张三');
    expect(copyField('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField('[{"a":"\\"x\\""}]')).toBe('[{"a":"\\\\"x\\\\""}]');
  });
});
