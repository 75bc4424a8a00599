import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, toFieldErrors } from '../src/validation';

/** Every field of a 400 is named in words (docs/security.md "Input"), never by a raw 'field.' key. */
describe('fieldLabel', () => {
  it('names a list item by the list and its position, a nested field by its own name', () => {
    expect(fieldLabel(['idList', 0], 'zh')).toBe('所选记录第 1 项');
    expect(fieldLabel(['idList', '2'], 'en')).toBe('item 3 of Selected records');
    expect(fieldLabel(['beginTime'], 'zh')).toBe('开始时间');
    expect(fieldLabel(['sites', 3, 'code'], 'zh', { code: 'field.siteCode' })).toBe('考点编号');
    expect(fieldLabel([], 'zh')).toBe('请求内容');
  });

  it('names an unlabelled field by its name, never as a message key', () => {
    expect(fieldLabel(['zzNoSuchField'], 'zh')).toBe('字段 zzNoSuchField');
    const issues = z.object({ list: z.array(z.number()) }).safeParse({ list: ['x'] }).error!.issues;
    const [error] = toFieldErrors(issues, 'zh');
    expect(error!.field).toBe('list.0');
    expect(error!.message).not.toMatch(/field\./);
    expect(error!.label).toBe('字段 list第 1 项');
  });
});
