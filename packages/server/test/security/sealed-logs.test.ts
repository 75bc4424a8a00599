import { max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysOperLog } from '../../src/db/schema';
import { maskSecrets } from '../../src/plugins/audit';
import { createTestApp, type TestApp } from '../helpers';
import { operLogsWhere } from '../monitor/fixtures';

/**
 * Values of sealed columns never reach the logs or messages (docs/security.md "Keys of personal data"):
 * a physical examination result posted to the back office (a refused call keeps its raw body) is
 * masked in the operation log like a password; in a query string it is masked in the server log; no
 * 400 echoes it.
 */
let t: TestApp;
let token: string;
const lines: string[] = [];
const SECRET = '乙肝表面抗原阳性Zk42';
const BASE = '/candidate/admissionResults';

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
  token = await t.adminToken();
}, 60_000);
afterAll(() => t?.close());

/** The newest operation log entry's id (0 without one). */
const lastOperLogId = async () =>
  (await t.database.db.select({ id: max(sysOperLog.id) }).from(sysOperLog))[0]?.id ?? 0;

/** The operation log entry written after entry `before` (after the answer has gone: waited for). */
const operLogAfter = async (before: number) => {
  const [entry] = await operLogsWhere(t, (row) => row.id > before);
  expect(entry, 'the call left no operation log entry').toBeDefined();
  return entry!;
};

describe('physical examination values in logs and messages', () => {
  it('a refused call posting one keeps it out of the operation log, the answer and the server log', async () => {
    for (const body of [
      { idList: 'not-a-list', physicalExamination: SECRET },
      { idList: 'x', rows: [{ physical_examination: SECRET, name: '张三' }] },
      { physicalExamination: { text: SECRET } },
    ]) {
      const before = await lastOperLogId();
      const answer = await t.call('DELETE', `${BASE}/deleteByIds`, { token, body });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.raw.body).not.toContain(SECRET);
      const entry = await operLogAfter(before);
      expect(entry.url).toBe(`${BASE}/deleteByIds`);
      expect(entry.params).not.toContain(SECRET);
      expect(entry.params).toContain('******');
      expect(entry.errorMsg ?? '').not.toContain(SECRET);
    }
    expect(lines.join('')).not.toContain(SECRET);
  });

  it('in a query string it is masked in the server log and the operation log', async () => {
    const query = `physicalExamination=${encodeURIComponent(SECRET)}&name=x`;
    const answer = await t.call('GET', `${BASE}/page?${query}`, { token });
    expect(answer.raw.body).not.toContain(SECRET);
    const before = await lastOperLogId();
    const remove = await t.call(
      'DELETE',
      `${BASE}/987654?physical_examination=${encodeURIComponent(SECRET)}`,
      {
        token,
      },
    );
    expect(remove.status).toBe(404);
    expect((await operLogAfter(before)).params).not.toContain(SECRET);
    const text = lines.join('');
    expect(text).toContain(`${BASE}/page?physicalExamination=***`);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(encodeURIComponent(SECRET));
  });

  it('maskSecrets masks the field at any depth and spelling', () => {
    expect(
      maskSecrets({ physicalExamination: SECRET, list: [{ PhysicalExamination: SECRET }], remarks: 'ok' }),
    ).toEqual({ physicalExamination: '******', list: [{ PhysicalExamination: '******' }], remarks: 'ok' });
  });
});
