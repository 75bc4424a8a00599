import { describe, expect, it } from 'vitest';
import {
  ARRANGEMENT_LABELS,
  INT_MAX,
  arrangementSchema,
  checkPhone,
  dateString,
  dateTimeString,
  findControlPath,
  idCardCheckChar,
  idCardString,
  idNumber,
  isValidDate,
  loginSchema,
  normalizeCompat,
  numberFilter,
  optionalString,
  parseIdCard,
  parseInstant,
  phoneString,
  requiredString,
  translate,
  validate,
} from '../src';

/** Phone and ID normalisation, and bad input refused at the schema with the field named. */
const fullWidth = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
const ok = (schema: Parameters<typeof validate>[0], value: unknown) => validate(schema, value, 'zh');

describe('phone and ID numbers in their canonical form', () => {
  it('trims and NFKC-normalises phones: unicode spaces and full-width digits', () => {
    for (const variant of [
      ' 13912345678',
      '13912345678\u3000',
      '\u00a013912345678',
      '\ufeff13912345678\t',
      fullWidth('13912345678'),
    ]) {
      expect(phoneString().parse(variant)).toBe('13912345678');
      expect(checkPhone(variant)).toBeNull();
    }
    expect(normalizeCompat('\u3000１３９\u00a0')).toBe('139');
    expect(phoneString().safeParse('139 1234 5678').success).toBe(false);
    expect(phoneString().safeParse('1391234567\u0000').success).toBe(false);
  });

  it('normalises ID numbers: trailing x to X, full-width digits, padding', () => {
    const first17 = '11010119950612001';
    const card = first17 + idCardCheckChar(first17);
    expect(idCardString().parse(`\u3000${fullWidth(card)}\u00a0`)).toBe(card);
    let seq = 1;
    while (idCardCheckChar(`1101011995061200${seq}`.slice(0, 17)) !== 'X') seq += 2;
    const withX = `1101011995061200${seq}`.slice(0, 17) + 'X';
    expect(idCardString().parse(withX.toLowerCase())).toBe(withX);
    expect(idCardString().parse(`${fullWidth(withX.slice(0, 17))}ｘ`)).toBe(withX);
    expect(parseIdCard(` ${withX.slice(0, 17)}x `)?.normalized).toBe(withX);
  });

  it('reads a login name (or a candidate phone) in its canonical form', () => {
    const parsed = loginSchema.parse({ userName: `\u3000${fullWidth('13912345678')}`, password: 'Pa ss' });
    expect(parsed.userName).toBe('13912345678');
  });

  it('normalises phone and ID filters the same way (prefixes allowed)', () => {
    expect(numberFilter(18, true).parse(`\u3000${fullWidth('5201')}`)).toBe('5201');
    expect(numberFilter(18, true).parse('52010219980307999x')).toBe('52010219980307999X');
    expect(numberFilter(11).parse('\u3000')).toBeUndefined();
    expect(numberFilter(11).safeParse('139\n').success).toBe(true); // trailing white space is trimmed
    expect(numberFilter(11).safeParse('13\n9').success).toBe(false);
  });
});

describe('control characters and NUL', () => {
  it('single-line fields refuse CR, LF, tab, other controls and line separators with rule.control', () => {
    for (const value of ['a\r\nb', 'a\nb', 'a\tb', 'a\u0000b', 'a\u0007b', 'a\u0085b', 'a\u2028b']) {
      const result = ok(requiredString(64), value);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors[0]!.message).toContain('不能包含换行符或控制字符');
      expect(ok(optionalString(64), value).ok).toBe(false);
    }
    expect(requiredString(64).parse('  张三 ')).toBe('张三');
  });

  it('multi-line text keeps tab, CR and LF but refuses NUL; secrets refuse only NUL', () => {
    expect(optionalString(500, 'text').parse('第一行\r\n\t第二行')).toBe('第一行\r\n\t第二行');
    expect(ok(optionalString(500, 'text'), 'a\u0000b').ok).toBe(false);
    expect(requiredString(64, 'rule.required', 'secret').parse('pa\tss\u0007')).toBe('pa\tss\u0007');
    expect(ok(requiredString(64, 'rule.required', 'secret'), 'pa\u0000ss').ok).toBe(false);
  });

  it('findControlPath names the first NUL in nested bodies, keys included, without recursion', () => {
    expect(findControlPath({ a: 'x', b: [{ c: 'ok' }, { d: 'n\u0000' }] })).toEqual(['b', 1, 'd']);
    expect(findControlPath({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(findControlPath(['a', 'b\u0000'])).toEqual([1]);
    expect(findControlPath({ a: 'clean', n: 5, z: null })).toBeNull();
    // Parsed query strings have a prototype of their own (fast-querystring): still walked.
    function Empty() {}
    Empty.prototype = Object.create(null);
    const query = Object.assign(new (Empty as unknown as new () => object)(), { category: 'a\u0000b' });
    expect(findControlPath(query)).toEqual(['category']);
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findControlPath(deep)).toHaveLength(20_000);
  });
});

describe('ids are safe PostgreSQL integers', () => {
  it('accepts 1 … 2147483647 as numbers or digit strings', () => {
    expect(idNumber().parse('42')).toBe(42);
    expect(idNumber().parse(INT_MAX)).toBe(INT_MAX);
    expect(idNumber().parse(' 7 ')).toBe(7);
  });
  it('refuses 0, negatives, fractions, 1e30, hex, out-of-range and wrong types on the field', () => {
    for (const value of [0, -1, 1.5, '1e30', 1e30, '0x10', '2147483648', 2147483648, 'abc', true, [5], {}]) {
      expect([value, idNumber().safeParse(value).success]).toEqual([value, false]);
    }
    const result = validate(idNumber(), '99999999999', 'en');
    expect(!result.ok && result.errors[0]!.message).toBe(
      'Request body must be a whole number from 1 to 2147483647',
    );
    const missing = validate(idNumber(), undefined, 'zh');
    expect(!missing.ok && missing.errors[0]!.message).toContain('不能为空');
  });
});

describe('dates are real calendar dates in 1900–2100', () => {
  it('dateString refuses impossible dates and years out of range', () => {
    expect(dateString().parse('2020-02-29')).toBe('2020-02-29');
    expect(isValidDate('2000-02-29')).toBe(true);
    for (const value of ['2020-02-31', '1990-02-30', '2021-02-29', '1900-02-29', '2020-13-01', '2020-00-10'])
      expect([value, ok(dateString(), value).ok]).toEqual([value, false]);
    const range = validate(dateString(), '1899-12-31', 'zh', { '': 'field.limitBirth' });
    expect(!range.ok && range.errors[0]!.message).toBe(
      translate('zh', 'rule.dateRange', { label: 'field.limitBirth' }),
    );
    expect(ok(dateString(), '2101-01-01').ok).toBe(false);
  });

  it('dateTimeString refuses impossible dates, ±275760 and non-ISO spellings', () => {
    for (const value of [
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '2030-02-30 10:00:00',
      '2030-02-29T10:00:00Z',
      '2030-01-01 24:00:00',
      '2030-01-01T10:60:00Z',
      '1',
      'March 7',
      '1899-12-31T23:00:00Z',
      '2101-01-01T00:00:00+08:00',
    ])
      expect([value, ok(dateTimeString(), value).ok]).toEqual([value, false]);
  });

  it('dateTimeString keeps reading ISO with an offset, and local times as China Standard Time', () => {
    expect(dateTimeString().parse('2030-05-01T00:00:00.000Z')).toBe('2030-05-01T00:00:00.000Z');
    expect(dateTimeString().parse('2030-05-01 08:00:00')).toBe('2030-05-01T00:00:00.000Z');
    expect(dateTimeString().parse('2030-05-01 08:00')).toBe('2030-05-01T00:00:00.000Z');
    expect(dateTimeString().parse('2030-05-01T10:00:00+10:00')).toBe('2030-05-01T00:00:00.000Z');
    expect(dateTimeString().parse('2030-05-01T10:00:00.123456+1000')).toBe('2030-05-01T00:00:00.123Z');
    expect(parseInstant('2030-05-01')).toBe(Date.parse('2030-04-30T16:00:00Z'));
  });
});

describe('labels of the items of a list', () => {
  it("name an item's field by its own label ('sites.1.regionCode' → 考点所辖地区)", () => {
    const result = validate(
      arrangementSchema,
      {
        planId: 1,
        examDate: '2030-07-01',
        examTime: '09:00-11:30',
        examinationRoomNotice: '按时入场',
        sites: [
          { code: '01', name: '一中', address: '北京路1号', regionCode: '520100' },
          { code: '02', name: '二中', address: '北京路2号', regionCode: '5201' },
        ],
      },
      'zh',
      ARRANGEMENT_LABELS,
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      { field: 'sites.1.regionCode', label: '考点所辖地区', message: '考点所辖地区必须是6位地区编码' },
    ]);
  });
});
