/**
 * Benchmark of the form renderer: 200 enrolment forms (报名表) with a photo, one after another.
 * Run: `npx tsx packages/server/bench/pdf.bench.ts` — prints one JSON line.
 */
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { renderFormPdf, type FormDocument } from '../src/documents/pdf.ts';

const DOCUMENTS = 200;

/** A realistic enrolment form of one candidate (`n` varies the name and numbers). */
export function sampleEnrollForm(photo: Buffer | undefined, n = 1): FormDocument {
  const serial = String(n).padStart(6, '0');
  return {
    title: '2025年贵州省农村义务教育阶段学校教师特设岗位计划公开招聘报名表',
    subtitle: `报名序号：TG2025520000${serial}    生成时间：2025-06-03 09:41`,
    photo,
    photoPlaceholder: '照片',
    sections: [
      {
        title: '基本信息',
        fields: [
          { label: '姓名', value: `张晓梅${n}` },
          { label: '性别', value: '女' },
          { label: '民族', value: '布依族' },
          { label: '出生日期', value: '1990-03-07' },
          { label: '身份证号', value: '52010219900307001X' },
          { label: '政治面貌', value: '中共党员' },
          { label: '婚姻状况', value: '未婚' },
          { label: '手机号码', value: `1398501${serial.slice(2)}` },
          { label: '电子邮箱', value: 'zhangxiaomei1990@example.com' },
          { label: '户籍所在地', value: '贵州省贵阳市南明区' },
          {
            label: '现居住地址',
            value: '贵州省黔南布依族苗族自治州都匀市剑江中路 18 号 3 栋 2 单元 501 室',
            span: 2,
          },
          { label: '毕业院校', value: '贵州师范大学' },
          { label: '毕业时间', value: '2013-07' },
          { label: '学历', value: '大学本科' },
          { label: '学位', value: '文学学士' },
          { label: '所学专业', value: '汉语言文学' },
          { label: '是否师范类', value: '是' },
          { label: '教师资格证种类', value: '初级中学教师资格' },
          { label: '任教学科', value: '语文' },
          { label: '教师资格证号', value: '20135200000123456' },
          { label: '普通话等级', value: '二级甲等' },
          { label: '是否应届毕业生', value: '否' },
          { label: '服务基层项目', value: null },
          {
            label: '学习及工作经历',
            value:
              '2009-09 至 2013-07 贵州师范大学文学院汉语言文学专业学习；2013-09 至 2016-07 ' +
              '在黔东南州雷山县西江镇中学担任代课教师，承担初一、初二语文教学及班主任工作；' +
              '2016-09 至今在都匀市某培训学校从事初中语文辅导。',
            span: 2,
          },
          { label: '奖惩情况', value: '2015 年获雷山县优秀代课教师称号', span: 2 },
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
      '请考生妥善保管本报名表，资格复审时须携带本表及身份证、毕业证、教师资格证等原件和复印件。',
      '扫描右侧二维码可核验本报名表的真伪。',
    ],
    signatureLines: ['考生签名：', '日期：'],
    qrText: `https://tegang.example.gov.cn/verify/TG2025520000${serial}?s=9f3c2a7e41b8`,
    footer: '贵州省教育厅 · 特岗教师招聘报名系统',
    metadata: { author: '贵州省教育厅', subject: '特岗教师招聘报名表' },
  };
}

/** A 413 × 579 px (35 × 49 mm at 300 dpi) JPEG test photo. */
export function samplePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 413, height: 579, channels: 3, background: '#3b6ea8' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="413" height="579"><circle cx="206" cy="220" r="110" fill="#f0d2b6"/>' +
            '<rect x="66" y="360" width="280" height="219" rx="120" fill="#222"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Renders 200 enrolment forms with a photo sequentially; returns throughput and mean size. */
export async function run(): Promise<{ name: string; docsPerSecond: number; avgKB: number }> {
  const photo = await samplePhoto();
  await renderFormPdf(sampleEnrollForm(photo, 0)); // warm-up: font files, JIT
  let bytes = 0;
  const start = performance.now();
  for (let i = 1; i <= DOCUMENTS; i++) bytes += (await renderFormPdf(sampleEnrollForm(photo, i))).length;
  const seconds = (performance.now() - start) / 1000;
  return {
    name: 'pdf.enrollForm',
    docsPerSecond: Math.round((DOCUMENTS / seconds) * 10) / 10,
    avgKB: Math.round((bytes / DOCUMENTS / 1024) * 10) / 10,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await run()));
}
