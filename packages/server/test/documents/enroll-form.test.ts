import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENROLL_BASIC_FIELDS,
  ENROLL_INFO_FIELDS,
  translate,
  type Enroll,
  type MessageKey,
} from '@tegang/domain';
import { renderEnrollForm } from '../../src/documents/enroll-form';
import type { Dicts } from '../../src/lib/dicts';

const run = promisify(execFile);

/** Every coded field reads '<type>:<value>', so the test sees which were looked up. */
const dicts: Dicts = {
  items: () => [],
  has: () => true,
  label: (type, value) => (value ? `${type}:${value}` : ''),
};

const enrolment = {
  id: 12,
  planId: 3,
  planYear: '2026',
  planName: '2026年特岗教师招聘',
  name: '韦晓梅',
  gender: '2',
  idCard: '52010219900307002X',
  maritalStatus: '1',
  birthday: '1990-03-07',
  nation: '01',
  veteran: '0',
  politicalAffiliation: '13',
  phone: '13900000001',
  domicile: '贵州省贵阳市南明区',
  address: '贵阳市南明区某路1号',
  picture: null,
  graduateCollege: '贵州师范大学',
  education: '2',
  graduationDate: '2012-06-30',
  major: '汉语言文学',
  isNormal: '1',
  freshmen: '0',
  teacherCertification: '1',
  teacherCertificationType: '3',
  teacherCertificationSubject: '7',
  isAdjust: '1',
  priorityCondition: '0',
  priorityContent: null,
  planType: '1',
  enrollCounty: '南明区',
  academicSession: '01',
  subject: '02',
} as unknown as Enroll;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'enroll-form-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * The enrolment form PDF walks the domain's field lists (ENROLL_BASIC_FIELDS, ENROLL_INFO_FIELDS):
 * each field's caption is printed, in the lists' order, with its value (coded fields as labels).
 */
describe('renderEnrollForm', () => {
  it('prints every field of the two form groups in the domain’s order', async () => {
    const pdf = await renderEnrollForm(enrolment, null, dicts, new Date('2026-05-01T02:00:00Z'));
    const file = join(dir, 'form.pdf');
    await writeFile(file, pdf);
    const text = (await run('pdftotext', ['-raw', file, '-'])).stdout.replace(/\s+/g, '');
    const fields = [...ENROLL_BASIC_FIELDS.filter((f) => f !== 'picture'), ...ENROLL_INFO_FIELDS];
    let at = -1;
    for (const field of fields) {
      const caption = translate('zh', `field.${field}` as MessageKey);
      const found = text.indexOf(caption.replace(/\s+/g, ''), at + 1);
      expect(found, field).toBeGreaterThan(at);
      at = found;
    }
    expect(text).toContain('韦晓梅');
    expect(text).toContain('贵阳市南明区某路1号');
    expect(text).toContain('sys_user_sex:2');
  });
});
