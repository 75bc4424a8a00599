import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/plugins/audit';

describe('operation log masking', () => {
  it('hides passwords, tokens, SMS codes and the encrypted envelope, keeps region codes and remarks', () => {
    expect(
      maskSecrets({
        userName: 'a',
        password: 'x',
        oldPsw: 'y',
        newPsw: 'z',
        code: '123456',
        token: 't',
        k: 'K',
        iv: 'I',
        d: 'D',
        provinceCode: '520000',
        remark: 'ok',
        nested: { lockPassword: 'p' },
      }),
    ).toEqual({
      userName: 'a',
      password: '******',
      oldPsw: '******',
      newPsw: '******',
      code: '******',
      token: '******',
      k: '******',
      iv: '******',
      d: '******',
      provinceCode: '520000',
      remark: 'ok',
      nested: { lockPassword: '******' },
    });
  });
});
