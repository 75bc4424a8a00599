import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENROLL_BASIC_FIELDS,
  ENROLL_INFO_FIELDS,
  translate,
  type Enroll,
  type Lang,
  type MessageKey,
} from '@tegang/domain';
import { enrollFormQrText, renderEnrollForm } from '../../src/documents/enroll-form';
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
  serialNo: '202652010200017',
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

/** The seeded dictionaries (zh and en labels), for forms as candidates get them. */
const seeded = JSON.parse(
  readFileSync(new URL('../../src/db/seed-data/dicts.json', import.meta.url), 'utf8'),
) as { type: string; items: { value: string; label: string; labelEn: string }[] }[];
const realDicts: Dicts = {
  items: () => [],
  has: () => true,
  label(type, value, lang = 'zh') {
    const item = seeded.find((d) => d.type === type)?.items.find((i) => i.value === value);
    return item ? (lang === 'en' ? item.labelEn : item.label) : (value ?? '');
  },
};
/** The value of dictionary `type` with the longest zh label: the widest a cell of that field gets. */
const longestOf = (type: string) =>
  [...seeded.find((d) => d.type === type)!.items].sort((a, b) => b.label.length - a.label.length)[0]!.value;

/** An application with the longest dictionary labels and long free texts, a priority condition held. */
const longest = {
  ...enrolment,
  planYear: '2027',
  planName: '2027年贵州省农村义务教育阶段学校特设岗位教师招聘计划',
  serialNo: '202752273200017',
  maritalStatus: longestOf('sys_marital_status'),
  nation: longestOf('sys_nation'),
  politicalAffiliation: longestOf('sys_political'),
  education: longestOf('sys_education'),
  freshmen: longestOf('recruit_freshmen_type'),
  teacherCertificationType: longestOf('recruit_teacher_certification_type'),
  teacherCertificationSubject: longestOf('recruit_subject'),
  priorityCondition: '1',
  priorityContent: longestOf('recruit_priority_content_type'),
  planType: longestOf('recruit_plan_category'),
  academicSession: longestOf('recruit_learning_period'),
  subject: longestOf('recruit_subject'),
  domicile: '贵州省黔南布依族苗族自治州三都水族自治县',
  address:
    '贵州省黔南布依族苗族自治州三都水族自治县三合街道凤羽路与民族大道交叉口东北侧水韵家园小区7栋2单元1803室',
  graduateCollege: '贵州师范大学求是学院（贵州师范学院）',
  major: '汉语言文学（师范）及对外汉语教学方向',
  enrollCounty: '三都水族自治县',
} as Enroll;

/** The PDF's page count, its text as laid out (runs of spaces as one) and its QR code decoded. */
async function readForm(pdf: Buffer, name: string) {
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  const pages = Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [file])).stdout)?.[1]);
  const lines = (await run('pdftotext', ['-layout', file, '-'])).stdout
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim());
  await run('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, join(dir, name)]);
  const { data, info } = await sharp(await readFile(join(dir, `${name}.png`)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const qr = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  return { pages, lines, qr: qr?.data ?? null };
}

describe('the form an office files', () => {
  const photo = () =>
    sharp({ create: { width: 390, height: 540, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();

  it.each<[Lang, string]>([
    ['zh', '报名序号 202752273200017'],
    ['en', 'Serial No. 202752273200017'],
  ])(
    'prints the 报名序号, an audit box and every label on one line, on one page, with a QR code (%s)',
    async (lang, serialLine) => {
      const t = (key: string) => translate(lang, key as MessageKey);
      const typical = { ...longest, ...(lang === 'en' && { ...enrolment, serialNo: longest.serialNo }) };
      const out = await readForm(
        await renderEnrollForm(typical, await photo(), realDicts, new Date('2027-05-01T02:00:00Z'), lang),
        `office-${lang}`,
      );
      expect(out.pages).toBe(1);
      expect(out.lines.some((l) => l.includes(serialLine))).toBe(true);
      expect(out.lines.join('\n')).not.toMatch(/No\. 0+12/);
      const labels = [
        ...[...ENROLL_BASIC_FIELDS.filter((f) => f !== 'picture'), ...ENROLL_INFO_FIELDS].map((f) =>
          t(`field.${f}`),
        ),
        t('enroll.form.audit'),
        t('enroll.form.audit.opinion'),
        t('enroll.form.audit.auditor'),
        t('enroll.form.audit.date'),
        t('enroll.form.signature'),
      ];
      // A label split across lines would appear whole on none of them.
      for (const label of labels)
        expect(
          out.lines.some((l) => l.includes(label)),
          label,
        ).toBe(true);
      expect(out.lines.findIndex((l) => l.includes(t('enroll.form.audit')))).toBeGreaterThan(
        out.lines.findIndex((l) => l.includes(t('enroll.form.signature'))),
      );
      expect(out.qr).toBe(enrollFormQrText(typical));
      expect(out.qr).toBe('TEGANG-ENROLL:3:12:002X:202752273200017');
    },
  );

  it('keeps a form without a 报名序号 readable and its QR code without one', async () => {
    const e = { ...enrolment, serialNo: null };
    const out = await readForm(await renderEnrollForm(e, null, realDicts, new Date()), 'no-serial');
    expect(out.lines.join('\n')).not.toContain('报名序号');
    expect(out.lines.some((l) => l.includes('生成时间：'))).toBe(true);
    expect(out.qr).toBe('TEGANG-ENROLL:3:12:002X');
  });
});
