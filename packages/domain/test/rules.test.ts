import { describe, expect, it } from 'vitest';
import {
  checkConfirmPassword,
  checkNewPasswordLength,
  checkPasswordStrength,
  checkPhone,
  checkUserName,
  isEmpty,
  translate,
  catalogues,
} from '../src';

describe('spec §5 phone', () => {
  it('accepts 11 digits starting 1 then 3-9', () => {
    expect(checkPhone('13800138000')).toBeNull();
    expect(checkPhone('19912345678')).toBeNull();
  });
  it('gives the empty, length and format messages in that order', () => {
    expect(checkPhone('')).toBe('rule.phone.empty');
    expect(checkPhone('1380013800')).toBe('rule.phone.length');
    expect(checkPhone('12800138000')).toBe('rule.phone');
    expect(checkPhone('1380013800a')).toBe('rule.phone');
    expect(translate('zh', 'rule.phone')).toBe('请输入正确的手机号码');
    expect(translate('en', 'rule.phone.empty')).toBe('phone cannot be empty');
    expect(translate('en', 'rule.phone.length')).toBe('length is not 11');
  });
});

describe('spec §5 user name', () => {
  it('takes 4-16 letters, digits, _ and -', () => {
    expect(checkUserName('abcd')).toBeNull();
    expect(checkUserName('a_b-c1234567890X')).toBeNull();
    expect(checkUserName('abc')).toBe('rule.userName');
    expect(checkUserName('a'.repeat(17))).toBe('rule.userName');
    expect(checkUserName('张三abcd')).toBe('rule.userName');
    expect(translate('zh', 'rule.userName')).toBe('用户名必须为4-16位，且只能包含字母，数字，下划线，减号');
  });
});

describe('spec §5 password', () => {
  it('needs 6+ with upper, lower, digit and one of !@#$%^&*?_', () => {
    expect(checkPasswordStrength('Aa1!aa')).toBeNull();
    expect(checkPasswordStrength('Aa1_bcdef')).toBeNull();
    expect(checkPasswordStrength('Aa1!a')).toBe('rule.password');
    expect(checkPasswordStrength('aa1!aaaa')).toBe('rule.password');
    expect(checkPasswordStrength('AA1!AAAA')).toBe('rule.password');
    expect(checkPasswordStrength('Aaa!aaaa')).toBe('rule.password');
    expect(checkPasswordStrength('Aa1aaaaa')).toBe('rule.password');
    expect(checkPasswordStrength('Aa1-aaaa')).toBe('rule.password');
    expect(checkPasswordStrength('Aa1!' + 'a'.repeat(17))).toBe('rule.password.length');
    expect(translate('zh', 'rule.password')).toBe(
      '密码最少6位，包括至少1个大写字母，1个小写字母，1个数字，1个特殊字符',
    );
  });
  it('change dialog: required, 6 to 20, confirm equal', () => {
    expect(checkNewPasswordLength('')).toBe('rule.newPsw.required');
    expect(checkNewPasswordLength('12345')).toBe('rule.password.length');
    expect(checkNewPasswordLength('123456')).toBeNull();
    expect(checkNewPasswordLength('x'.repeat(21))).toBe('rule.password.length');
    expect(checkConfirmPassword('', 'a')).toBe('rule.confirmPsw.required');
    expect(checkConfirmPassword('b', 'a')).toBe('rule.confirmPsw.mismatch');
    expect(checkConfirmPassword('a', 'a')).toBeNull();
    expect(translate('zh', 'rule.newPsw.required')).toBe('新密码不能为空');
    expect(translate('zh', 'rule.password.length')).toBe('长度在 6 到 20 个字符');
    expect(translate('zh', 'rule.confirmPsw.required')).toBe('确认密码不能为空');
    expect(translate('zh', 'rule.confirmPsw.mismatch')).toBe('两次输入的密码不一致');
    expect(translate('zh', 'rule.oldPsw.required')).toBe('请输入旧密码');
  });
});

describe('spec §5 empty-value check', () => {
  it('treats null, empty string, [] and {} as empty, not booleans or numbers', () => {
    for (const v of [null, undefined, '', '  ', [], {}]) expect(isEmpty(v)).toBe(true);
    for (const v of [false, true, 0, 1, 'a', [0], { a: 1 }]) expect(isEmpty(v)).toBe(false);
  });
});

describe('catalogues', () => {
  it('en defines every zh key with the same placeholders, and none is left empty', () => {
    for (const [key, zhText] of Object.entries(catalogues.zh)) {
      const enText = (catalogues.en as Record<string, string>)[key];
      expect(enText, key).toBeTruthy();
      const holders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(holders(enText), key).toEqual(holders(zhText));
    }
  });
  it('fills labels, translating a label key', () => {
    expect(translate('zh', 'rule.required', { label: 'field.company' })).toBe('招聘单位不能为空');
    expect(translate('en', 'rule.required', { label: 'field.company' })).toBe('Company cannot be empty');
  });
});
