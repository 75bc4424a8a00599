import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskQuery, redactUrl } from '../../src/lib/logging';
import { createTestApp, type TestApp } from '../helpers';
import { operLogsWhere } from '../monitor/fixtures';

/**
 * Personal data in query strings (docs/security.md "Logging"): ID numbers (GB 11643, 18 characters)
 * and names in a URL's query reach neither the request log nor the operation log.
 */
const ID = '52010219980307001X';
const NAME = '王小明';
let t: TestApp;
let token: string;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
  token = await t.adminToken();
});
afterAll(() => t.close());

const query = `idNumber=${ID}&name=${encodeURIComponent(NAME)}&q=${ID.toLowerCase()}&current=1`;

describe('query-string redaction', () => {
  it('a GET with ?idNumber=…&name=… leaves neither in the log stream nor in sys_oper_log', async () => {
    const get = await t.call('GET', `/candidate/enroll/page?${query}`, { token });
    expect(get.status).toBeLessThan(500);
    // An audited GET (removing a website picture) and a mutating call carrying the same query.
    await t.call('GET', `/file/remove?fileUrl=/file/view/website/none.png&${query}`, { token });
    await t.call('DELETE', `/candidate/enroll/99999999?${query}`, { token });
    const logged = lines.join('');
    expect(logged).toContain('/candidate/enroll/page?');
    for (const secret of [ID, ID.toLowerCase(), NAME, encodeURIComponent(NAME)])
      expect(logged, secret).not.toContain(secret);
    // The entry is written after the answer (onResponse): wait for it, then read every entry.
    await operLogsWhere(t, (e) => e.url === '/candidate/enroll/99999999');
    const entries = await operLogsWhere(t, () => true);
    expect(entries.map((e) => e.url)).toContain('/candidate/enroll/99999999');
    for (const e of entries) {
      const stored = JSON.stringify(e);
      for (const secret of [ID, ID.toLowerCase(), NAME]) expect(stored, secret).not.toContain(secret);
    }
  });

  it('masks by name (idCard, idNumber, name, realName…) and any 18-character ID number under any name', () => {
    expect(redactUrl(`/x?${query}`)).toBe('/x?idNumber=***&name=***&q=***&current=1');
    expect(redactUrl('/x?planId=7&subject=01')).toBe('/x?planId=7&subject=01');
    expect(maskQuery({ idCard: ID, realName: NAME, note: `证件 ${ID}`, planId: '7' })).toEqual({
      idCard: '******',
      realName: '******',
      note: '证件 ******',
      planId: '7',
    });
  });
});
