import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFormPdf, type FormDocument, type PdfField } from '../../src/documents/pdf.ts';

const run = promisify(execFile);
const MARGIN = (15 * 72) / 25.4;

const NAME = '韦晓梅';
const ID_NUMBER = '52010219900307001X';
const EXPERIENCE =
  '2009-09 至 2013-07 在贵州师范大学文学院汉语言文学专业学习；2013-09 至 2016-07 在黔东南州雷山县西江镇中学' +
  '担任代课教师，承担初一、初二语文教学及班主任工作；2016-09 至今在都匀市某培训学校从事初中语文辅导。';
const FOOTER = '贵州省教育厅 特岗教师招聘报名系统';

function enrollForm(photo?: Buffer): FormDocument {
  const basic: [string, string | null][] = [
    ['姓名', NAME],
    ['性别', '女'],
    ['民族', '布依族'],
    ['出生日期', '1990-03-07'],
    ['身份证号', ID_NUMBER],
    ['政治面貌', '中共党员'],
    ['婚姻状况', '未婚'],
    ['手机号码', '13985012345'],
    ['电子邮箱', 'weixiaomei1990@example.com'],
    ['户籍所在地', '贵州省贵阳市南明区'],
    ['毕业院校', '贵州师范大学'],
    ['毕业时间', '2013-07'],
    ['学历', '大学本科'],
    ['学位', '文学学士'],
    ['专业', '汉语言文学'],
    ['是否师范类', '是'],
    ['教师资格证种类', '初级中学教师资格'],
    ['任教学科', '语文'],
    ['教师资格证号', '20135200000123456'],
    ['普通话等级', '二级甲等'],
    ['是否应届毕业生', '否'],
    ['服务基层项目', null],
  ];
  return {
    title: '2025年贵州省农村义务教育阶段学校教师特设岗位计划公开招聘报名表',
    subtitle: '报名序号：TG2025520000000123    生成时间：2025-06-03 09:41',
    photo,
    photoPlaceholder: '照片',
    sections: [
      {
        title: '基本信息',
        fields: [
          ...basic.map(([label, value]): PdfField => ({ label, value })),
          {
            label: '现居住地址',
            value: '贵州省黔南布依族苗族自治州都匀市剑江中路 18 号 3 栋 2 单元 501 室',
            span: 2,
          },
          { label: '学习及工作经历', value: EXPERIENCE, span: 2 },
          { label: '奖惩情况', value: '', span: 2 },
        ],
      },
      {
        title: '报考信息',
        fields: [
          { label: '报考类别', value: '特岗教师（初中）' },
          { label: '报考市（州）', value: '黔南布依族苗族自治州' },
          { label: '报考县', value: '三都水族自治县' },
          { label: '报考学段', value: '初中' },
          { label: '报考学科', value: '语文' },
          { label: '是否服从调剂', value: '是' },
        ],
      },
    ],
    notes: [
      '本人承诺所填写的信息真实、准确、完整，所提交的证件、资料和照片真实有效；如有虚假，本人自愿取消报考资格和聘用资格，并承担相应责任。',
      '资格复审时须携带本表及身份证、毕业证、教师资格证等原件和复印件。',
    ],
    signatureLines: ['考生签名：', '日期：'],
    qrText: 'https://tegang.example.gov.cn/verify/TG2025520000000123?s=9f3c2a7e41b8',
    footer: FOOTER,
    metadata: { author: '贵州省教育厅', subject: '特岗教师招聘报名表' },
  };
}

let dir: string;
let photo: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tegang-pdf-'));
  photo = await sharp({ create: { width: 260, height: 360, channels: 3, background: '#3b6ea8' } })
    .jpeg()
    .toBuffer();
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes the PDF and reads it back with poppler. */
async function inspect(pdf: Buffer, name: string) {
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  const info = (await run('pdfinfo', [file])).stdout;
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  return {
    file,
    info,
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    pageSize: size ? [Math.round(Number(size[1])), Math.round(Number(size[2]))] : undefined,
    layout: (await run('pdftotext', ['-layout', file, '-'])).stdout,
    /** Text in drawing order with all white space removed: a wrapped value reads back contiguous. */
    compact: (await run('pdftotext', ['-raw', file, '-'])).stdout.replace(/\s+/g, ''),
    images: (await run('pdfimages', ['-list', file])).stdout.trim().split('\n').length - 2,
  };
}

/** Every word of the PDF with its page and box (pt, origin top left). */
async function words(file: string) {
  const html = (await run('pdftotext', ['-bbox', file, '-'])).stdout;
  const found: { page: number; text: string; xMin: number; yMax: number; xMax: number }[] = [];
  let page = 0;
  for (const m of html.matchAll(
    /<page |<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g,
  )) {
    if (m[0] === '<page ') page++;
    else found.push({ page, text: m[4], xMin: Number(m[1]), xMax: Number(m[2]), yMax: Number(m[3]) });
  }
  return found;
}

describe('renderFormPdf', () => {
  it('renders a one-page A4 enrolment form with photo, extractable Chinese and wrapped values', async () => {
    const pdf = await renderFormPdf(enrollForm(photo));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const out = await inspect(pdf, 'enroll');

    expect(out.pages).toBe(1);
    expect(out.pageSize).toEqual([595, 842]);
    expect(out.info).toMatch(/Title:\s+2025年贵州省.*报名表/);
    expect(out.info).toMatch(/Author:\s+贵州省教育厅/);
    expect(out.images).toBe(1);

    expect(out.layout).toContain(NAME);
    expect(out.layout).toContain(ID_NUMBER);
    expect(out.layout).toContain('基本信息');
    expect(out.layout).toContain('报考信息');
    expect(out.layout).toMatch(/报考县\s+三都水族自治县/);
    expect(out.layout).toMatch(/教师资格证种类\s+初级中学教师资格/);
    expect(out.layout).toContain(FOOTER);
    expect(out.compact).not.toMatch(/null|undefined/); // 服务基层项目 is null: an empty cell

    // The long value wraps: its start and end sit on different lines, and nothing is lost.
    const lines = out.layout.split('\n');
    const first = lines.findIndex((l) => l.includes('2009-09 至 2013-07'));
    const last = lines.findIndex((l) => l.includes('从事初中语文辅导。'));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(last).toBeGreaterThan(first);
    expect(out.compact).toContain(EXPERIENCE.replace(/\s+/g, ''));
    expect(out.compact).toContain('如有虚假，本人自愿取消报考资格和聘用资格，并承担相应责任。');
    expect(out.layout).toMatch(/1\.\s+本人承诺/);
    expect(out.layout).toContain('考生签名：');

    const fonts = (await run('pdffonts', [out.file])).stdout;
    expect(fonts).toMatch(/\+NotoSansSC-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(fonts).toMatch(/\+NotoSansSC-Bold/);
  });

  it('sets every text of a later document in the same place and width as the first time', async () => {
    // Shaped text runs are kept for the next documents of the thread: a reused run must not move.
    const first = await words((await inspect(await renderFormPdf(enrollForm(photo)), 'again-1')).file);
    const second = await words((await inspect(await renderFormPdf(enrollForm(photo)), 'again-2')).file);
    expect(first.length).toBeGreaterThan(50);
    expect(second).toEqual(first);
  });

  it('draws an empty, labelled photo box when there is no photo', async () => {
    const pdf = await renderFormPdf(enrollForm());
    const out = await inspect(pdf, 'no-photo');
    expect(out.pages).toBe(1);
    expect(out.images).toBe(0);
    expect(out.layout).toContain('照片');
    expect(out.layout).toContain(ID_NUMBER);
    expect(pdf.length).toBeLessThan(80_000); // fonts are subset, not the 10 MB files
  });

  it('continues a long section on further pages without losing or clipping text', async () => {
    const fields: PdfField[] = Array.from({ length: 90 }, (_, i) => ({
      label: `项目${i + 1}`,
      value: i % 10 === 9 ? `第${i + 1}项：${'较长的说明文字，'.repeat(12)}完` : `值-${i + 1}`,
      span: i % 10 === 9 ? 2 : 1,
    }));
    const pdf = await renderFormPdf({
      title: '长表测试',
      sections: [{ title: '附加信息', fields }],
      notes: ['最后一条说明。'],
      signatureLines: ['考生签名：'],
      qrText: 'TG-LONG',
      footer: FOOTER,
    });
    const out = await inspect(pdf, 'long');

    expect(out.pages).toBeGreaterThanOrEqual(2);
    for (let i = 1; i <= 90; i++) {
      expect(out.compact).toContain(i % 10 === 0 ? `第${i}项：` : `项目${i}值-${i}`);
    }
    expect(out.compact).toContain('最后一条说明。');
    const perPage = await Promise.all(
      Array.from(
        { length: out.pages },
        async (_, p) =>
          (await run('pdftotext', ['-f', String(p + 1), '-l', String(p + 1), out.file, '-'])).stdout,
      ),
    );
    expect(perPage.every((text) => text.includes(FOOTER))).toBe(true);
    expect(perPage[1]).toContain('值-');

    // Everything but the footer stays inside the 15 mm margins.
    const body = (await words(out.file)).filter((w) => !FOOTER.includes(w.text));
    expect(body.length).toBeGreaterThan(100);
    for (const w of body) {
      expect(w.yMax).toBeLessThanOrEqual(842 - MARGIN + 1);
      expect(w.xMin).toBeGreaterThanOrEqual(MARGIN - 1);
      expect(w.xMax).toBeLessThanOrEqual(595 - MARGIN + 1);
    }
  });

  it('keeps the office box whole on one page, inside the margins, with the QR code beside it', async () => {
    // Enough rows that the box no longer fits under them on the first page.
    const fields: PdfField[] = Array.from({ length: 56 }, (_, i) => ({
      label: `项目${i + 1}`,
      value: `值-${i + 1}`,
    }));
    const box = {
      title: '现场审核（由审核单位填写）',
      label: '审核意见',
      signatureLines: ['审核人：', '日期：'],
    };
    const pdf = await renderFormPdf({
      title: '办公室填写区测试',
      sections: [{ title: '附加信息', fields }],
      signatureLines: ['考生签名：', '日期：'],
      officeBox: box,
      qrText: 'TG-OFFICE',
      footer: FOOTER,
    });
    const out = await inspect(pdf, 'office-box');
    const all = await words(out.file);
    const pageOf = (text: string) => all.filter((w) => w.text.includes(text)).map((w) => w.page);
    const boxPage = pageOf('现场审核（由审核单位填写）');
    expect(boxPage).toEqual([2]); // moved whole to the second page
    expect(pageOf('审核意见')).toEqual(boxPage);
    expect(pageOf('审核人：')).toEqual(boxPage);
    for (const w of all.filter((w) => !FOOTER.includes(w.text))) {
      expect(w.yMax).toBeLessThanOrEqual(842 - MARGIN + 1);
      expect(w.xMax).toBeLessThanOrEqual(595 - MARGIN + 1);
    }
    // The candidate's lines come before the box; the box's own date line is the second 日期：.
    const dates = all.filter((w) => w.text === '日期：');
    expect(dates).toHaveLength(2);
    expect(out.compact.indexOf('考生签名：')).toBeLessThan(out.compact.indexOf('现场审核'));
  });

  it('cuts a value taller than a page instead of drawing off the page', async () => {
    const pdf = await renderFormPdf({
      title: '超长内容',
      sections: [
        { title: '说明', fields: [{ label: '内容', value: '很长的一段文字。'.repeat(800), span: 2 }] },
      ],
    });
    const out = await inspect(pdf, 'huge');
    expect(out.layout).toContain('…');
    for (const w of await words(out.file)) expect(w.yMax).toBeLessThanOrEqual(842 - MARGIN + 1);
  });

  it('rejects a photo that is neither JPEG nor PNG', async () => {
    await expect(renderFormPdf({ ...enrollForm(), photo: Buffer.from('not an image') })).rejects.toThrow(
      /image format/i,
    );
  });
});
