import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/request';
import { fieldErrorsOf, fieldIdOf, placeFieldErrors } from './form-errors';

const badRequest = new ApiError(400, '参数错误', {
  errors: [
    { field: 'name', label: '姓名', message: '姓名不能为空' },
    { field: 'cityCode', label: '报考县区', message: '请选择报考县区' },
    { field: 'countyCode', label: '报考县区', message: '请选择报考县区' },
    { field: 'planId', label: '招聘计划', message: '不存在' },
  ],
});

describe('fieldErrorsOf (the field errors of a failed call)', () => {
  it("reads a 400's data.errors", () => {
    expect(fieldErrorsOf(badRequest).map((e) => e.field)).toEqual([
      'name',
      'cityCode',
      'countyCode',
      'planId',
    ]);
  });

  it("reads a 409's data.field only when asked", () => {
    const conflict = new ApiError(409, '手机号已被注册', { field: 'telephone' });
    expect(fieldErrorsOf(conflict)).toEqual([]);
    expect(fieldErrorsOf(conflict, { conflictField: true })).toEqual([
      { field: 'telephone', label: '', message: '手机号已被注册' },
    ]);
  });

  it('finds none in other failures or malformed answers', () => {
    expect(fieldErrorsOf(new Error('network'))).toEqual([]);
    expect(fieldErrorsOf(new ApiError(500, '系统错误', { errors: [{ field: 'x', message: 'y' }] }))).toEqual(
      [],
    );
    expect(fieldErrorsOf(new ApiError(400, '参数错误', { errors: [{ field: 1 }, null] }))).toEqual([]);
  });
});

describe('placeFieldErrors (errors onto form fields, the rest for the toast)', () => {
  const known = (name: unknown) => ['name', 'enrollCounty'].includes(name as string);
  const fieldOf = (f: string) => (f === 'cityCode' || f === 'countyCode' ? 'enrollCounty' : f);

  it('puts each error on its form field, once, and keeps the others labelled', () => {
    const { fields, rest } = placeFieldErrors(fieldErrorsOf(badRequest), known, fieldOf);
    expect(fields).toEqual([
      { name: 'name', errors: ['姓名不能为空'] },
      { name: 'enrollCounty', errors: ['请选择报考县区'] },
    ]);
    expect(rest).toEqual(['招聘计划：不存在']);
  });

  it('does not repeat a label the message already names', () => {
    const { rest } = placeFieldErrors(
      [{ field: 'planId', label: '招聘计划', message: '招聘计划不存在' }],
      known,
    );
    expect(rest).toEqual(['招聘计划不存在']);
  });

  it('joins several messages on one field and leaves out fields mapped to null', () => {
    const { fields, rest } = placeFieldErrors(
      [
        { field: 'name', label: '', message: 'a' },
        { field: 'name', label: '', message: 'b' },
        { field: 'secret', label: '', message: 'c' },
      ],
      known,
      (f) => (f === 'secret' ? null : f),
    );
    expect(fields).toEqual([{ name: 'name', errors: ['a', 'b'] }]);
    expect(rest).toEqual(['c']);
  });
});

describe('fieldIdOf (the DOM id of a field, for the error summary links)', () => {
  it('joins a path with "_" as antd does for a form without a name', () => {
    expect(fieldIdOf('major')).toBe('major');
    expect(fieldIdOf(['contacts', 0, 'phone'])).toBe('contacts_0_phone');
  });
});
