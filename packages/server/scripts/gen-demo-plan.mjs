#!/usr/bin/env node
// Writes src/db/seed-data/demo-plan.json: a demo 2027 特岗 recruit plan for
// 贵州省 (520000). Deterministic (seeded PRNG, no Math.random), so rerunning
//
//   node scripts/gen-demo-plan.mjs
//
// gives the same file. Run gen-regions.mjs and gen-dicts.mjs first: every
// county, category, learning period and subject code is checked against
// regions.json and dicts.json. Plan timeline dates are not in this file; the
// seeder places the enrolment window around the current date.

import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, '..', 'src', 'db', 'seed-data');
const SEED = 20270520;

// mulberry32: small, well-known 32-bit PRNG; integer maths only, so the output
// is identical on every platform and Node version.
function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(SEED);
const chance = (p) => rand() < p;
const between = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

// 25 rural counties of 贵州 that take 特岗 teachers. weight scales demand
// (larger, more remote counties need more teachers); bilingual marks counties
// with 民汉双语 posts (Miao, Buyei, Dong, Sui and Yi speaking areas).
const COUNTIES = [
  { code: '520203', name: '六枝特区', weight: 0.9 },
  { code: '520204', name: '水城区', weight: 1.2 },
  { code: '520324', name: '正安县', weight: 0.9 },
  { code: '520325', name: '道真仡佬族苗族自治县', weight: 0.8 },
  { code: '520326', name: '务川仡佬族苗族自治县', weight: 0.8 },
  { code: '520424', name: '关岭布依族苗族自治县', weight: 0.8, bilingual: true },
  { code: '520425', name: '紫云苗族布依族自治县', weight: 0.9, bilingual: true },
  { code: '520524', name: '织金县', weight: 1.2 },
  { code: '520525', name: '纳雍县', weight: 1.1 },
  { code: '520526', name: '威宁彝族回族苗族自治县', weight: 1.3, bilingual: true },
  { code: '520527', name: '赫章县', weight: 1.2 },
  { code: '520623', name: '石阡县', weight: 0.8 },
  { code: '520624', name: '思南县', weight: 0.9 },
  { code: '520627', name: '沿河土家族自治县', weight: 1.0 },
  { code: '520628', name: '松桃苗族自治县', weight: 1.0, bilingual: true },
  { code: '522324', name: '晴隆县', weight: 0.8 },
  { code: '522326', name: '望谟县', weight: 0.9, bilingual: true },
  { code: '522327', name: '册亨县', weight: 0.8, bilingual: true },
  { code: '522629', name: '剑河县', weight: 0.8, bilingual: true },
  { code: '522631', name: '黎平县', weight: 1.1, bilingual: true },
  { code: '522632', name: '榕江县', weight: 1.1, bilingual: true },
  { code: '522633', name: '从江县', weight: 1.1, bilingual: true },
  { code: '522634', name: '雷山县', weight: 0.7, bilingual: true },
  { code: '522728', name: '罗甸县', weight: 0.9, bilingual: true },
  { code: '522732', name: '三都水族自治县', weight: 1.0, bilingual: true },
];

const PRIMARY = '02';
const JUNIOR = '03';
const GENERAL = '01';
const SHORTAGE = '02';
const BILINGUAL = '03';

// [subject, probability the county posts it, min demand, max demand, category]
const SUBJECTS = {
  [PRIMARY]: [
    ['01', 1.0, 3, 10, GENERAL], // 语文
    ['02', 1.0, 3, 10, GENERAL], // 数学
    ['03', 0.9, 2, 6, SHORTAGE], // 英语
    ['04', 0.6, 1, 3, GENERAL], // 道德与法治
    ['11', 0.7, 1, 4, SHORTAGE], // 科学
    ['12', 0.8, 1, 4, SHORTAGE], // 音乐
    ['13', 0.8, 1, 4, SHORTAGE], // 体育与健康
    ['14', 0.8, 1, 4, SHORTAGE], // 美术
    ['15', 0.5, 1, 2, SHORTAGE], // 信息技术
    ['16', 0.4, 1, 2, SHORTAGE], // 心理健康
    ['17', 0.25, 1, 2, SHORTAGE], // 特殊教育
  ],
  [JUNIOR]: [
    ['01', 0.95, 2, 8, GENERAL], // 语文
    ['02', 0.95, 2, 8, GENERAL], // 数学
    ['03', 0.95, 2, 7, SHORTAGE], // 英语
    ['04', 0.7, 1, 3, GENERAL], // 道德与法治
    ['06', 0.6, 1, 3, GENERAL], // 历史
    ['07', 0.6, 1, 3, GENERAL], // 地理
    ['08', 0.8, 1, 4, GENERAL], // 物理
    ['09', 0.7, 1, 3, GENERAL], // 化学
    ['10', 0.7, 1, 3, GENERAL], // 生物
    ['12', 0.5, 1, 2, SHORTAGE], // 音乐
    ['13', 0.6, 1, 3, SHORTAGE], // 体育与健康
    ['14', 0.5, 1, 2, SHORTAGE], // 美术
    ['15', 0.5, 1, 2, SHORTAGE], // 信息技术
    ['16', 0.4, 1, 2, SHORTAGE], // 心理健康
  ],
};
// 双语岗位: primary 语文 and 数学 taught bilingually in the lower grades.
const BILINGUAL_SUBJECTS = [
  ['01', 0.9, 1, 4],
  ['02', 0.4, 1, 3],
];

// Which education levels (sys_education, GB/T 4658) may apply to each category.
const CATEGORY_EDUCATION = [
  { category: GENERAL, education: ['11', '14', '21'] }, // 本科及以上
  { category: SHORTAGE, education: ['11', '14', '21', '31'] }, // 含专科
  { category: BILINGUAL, education: ['11', '14', '21', '31'] }, // 含专科
];

const demand = (lo, hi, weight) => Math.max(1, Math.min(10, Math.round(between(lo, hi) * weight)));

const planData = [];
for (const county of COUNTIES) {
  for (const period of [PRIMARY, JUNIOR]) {
    for (const [subject, p, lo, hi, category] of SUBJECTS[period]) {
      if (!chance(p)) continue;
      planData.push({
        countyCode: county.code,
        category,
        learningPeriod: period,
        subject,
        demandNumber: demand(lo, hi, county.weight),
      });
    }
  }
  if (county.bilingual) {
    for (const [subject, p, lo, hi] of BILINGUAL_SUBJECTS) {
      if (!chance(p)) continue;
      planData.push({
        countyCode: county.code,
        category: BILINGUAL,
        learningPeriod: PRIMARY,
        subject,
        demandNumber: demand(lo, hi, 1),
      });
    }
  }
}
planData.sort(
  (a, b) =>
    a.countyCode.localeCompare(b.countyCode) ||
    a.category.localeCompare(b.category) ||
    a.learningPeriod.localeCompare(b.learningPeriod) ||
    a.subject.localeCompare(b.subject),
);

const PHONE = '0851-12345678';

const serviceCenter = [
  '<p><strong>贵州省特岗教师招聘报名服务中心（演示）</strong></p>',
  '<p>咨询时间：报名期间工作日 9:00—12:00，14:00—17:30。</p>',
  `<p>咨询电话：${PHONE}（演示号码）。</p>`,
  '<p>招聘政策、岗位条件和资格审核问题，请咨询报考县（市、区）教育局；报名系统的注册、登录、照片上传等操作问题，请拨打上述电话。</p>',
  '<p>为保证咨询效率，请在来电前准备好本人身份证号码和报考岗位信息。本中心不举办、也不委托任何机构举办考试辅导培训班。</p>',
].join('');

const enrollNotice = [
  '<h2>报名须知</h2>',
  '<p>2027年贵州省农村义务教育阶段学校特设岗位教师（以下简称“特岗教师”）招聘工作按照“公开、平等、竞争、择优”的原则，采取网上报名、资格审核、笔试、面试、体检、考察、公示的程序进行。报名前请仔细阅读本须知，报名即视为已阅读并同意本须知的全部内容。</p>',
  '<h3>一、报名条件</h3>',
  '<ol>',
  '<li>具有中华人民共和国国籍，遵守宪法和法律，品行端正，热爱教育事业，具有正常履行岗位职责的身体条件，志愿到农村学校任教。</li>',
  '<li><strong>年龄要求：</strong>一般不超过30周岁（1996年1月1日以后出生）；取得硕士研究生及以上学历的，可放宽至35周岁（1991年1月1日以后出生）。</li>',
  '<li><strong>学历要求：</strong>普通岗位须具有全日制普通高等学校本科及以上学历；紧缺学科岗位和双语岗位可放宽至全日制普通高等学校专科学历（以师范类专业为主）。2027年应届毕业生须在2027年8月31日前取得毕业证书。</li>',
  '<li><strong>教师资格：</strong>须具有与报考学段、学科相应的教师资格证书，或已通过中小学教师资格考试、正在认定中。未取得教师资格证书的，须在聘用后一年内取得，逾期未取得的解除聘用合同。</li>',
  '<li>双语岗位须熟练掌握当地少数民族语言，能够运用民汉双语开展教学。</li>',
  '<li>有下列情形之一的不得报考：曾受过刑事处罚或被开除公职的；被依法列为失信联合惩戒对象的；在公务员招录或事业单位公开招聘中被认定有严重违纪违规行为且仍在禁考期内的；现役军人；已在机关事业单位正式在编在岗的人员；法律法规规定不得聘用的其他情形。</li>',
  '</ol>',
  '<h3>二、报名方式和流程</h3>',
  '<ol>',
  '<li>报名一律通过本系统网上进行，不设现场报名。报名起止时间以本系统公布的时间为准，逾期不予受理。</li>',
  '<li><strong>注册登录：</strong>使用本人有效居民身份证号码和本人手机号码注册账号。请牢记密码，不要将账号交由他人使用。</li>',
  '<li><strong>填写信息：</strong>按提示如实、完整填写个人信息、学历、教师资格、工作经历等内容，选择报考县（市、区）、岗位类别、学段和学科，上传照片及相关证明材料。</li>',
  '<li><strong>提交审核：</strong>报名信息提交后，在资格审核开始前可以修改；审核开始后不能修改。请在审核期间及时登录查看审核结果，资格审核贯穿招聘全过程，任何环节发现不符合条件的，均取消资格。</li>',
  '<li><strong>打印材料：</strong>审核通过后请按时下载报名表；在准考证打印时间内登录本系统下载并打印准考证，凭准考证和有效居民身份证参加考试。</li>',
  '</ol>',
  '<h3>三、照片要求</h3>',
  '<ol>',
  '<li>本人近期（6个月内）正面免冠彩色证件照，白色、蓝色或红色纯色背景，五官清晰，不戴帽子、墨镜等饰物，不得使用生活照、翻拍照片或经过美颜修饰的照片。</li>',
  '<li>文件格式为 JPEG（.jpg、.jpeg）或 PNG（.png），大小<strong>不超过 2 MB</strong>，建议尺寸 295×413 像素（一寸）。</li>',
  '<li>照片用于报名表、准考证和考试身份核验，不符合要求的不予通过资格审核。</li>',
  '</ol>',
  '<h3>四、报考限制</h3>',
  '<p><strong>每人限报一个县（市、区）的一个岗位（学段、学科），不得重复报名。</strong>使用他人或虚假身份证件报名、注册多个账号报名的，一经查实，取消报考和聘用资格。</p>',
  '<h3>五、诚信承诺</h3>',
  '<p>报考人员须签署诚信承诺书，保证所填报信息和提交材料真实、准确、完整，并自觉遵守考试纪律。凡弄虚作假、违反考试纪律的，一经查实即取消报考或聘用资格，并按照有关规定记入诚信档案；由此造成的后果由本人承担。</p>',
  '<h3>六、其他事项</h3>',
  '<ol>',
  '<li>特岗教师聘期为3年。聘期内执行国家统一的工资制度和标准，聘期届满经考核合格且自愿留任的，按有关规定办理入编手续。</li>',
  '<li>笔试、面试、体检、考察和公示的具体安排另行公布，请报考人员及时登录本系统并关注贵州省教育厅网站发布的公告，因本人未及时查看而造成的后果由本人承担。</li>',
  '<li>本次招聘不举办、也不委托任何机构举办考试辅导培训班，请报考人员提高警惕，谨防上当受骗。</li>',
  '</ol>',
  '<h3>七、咨询方式</h3>',
  `<p>招聘政策和资格审核咨询：报考县（市、区）教育局。报名系统操作咨询：${PHONE}（演示号码，工作日 9:00—12:00，14:00—17:30）。</p>`,
].join('');

const plan = {
  name: '2027年贵州省农村义务教育阶段学校特设岗位教师招聘计划',
  year: '2027',
  company: '贵州省教育厅',
  customerServicePhone: PHONE,
  serviceCenter,
};

// ---- checks against regions.json and dicts.json ----
const regions = JSON.parse(readFileSync(join(dataDir, 'regions.json'), 'utf8'));
const dicts = JSON.parse(readFileSync(join(dataDir, 'dicts.json'), 'utf8'));
const regionByCode = new Map(regions.map((r) => [r.code, r]));
const dictValues = (type) => {
  const t = dicts.find((d) => d.type === type);
  if (!t) throw new Error(`dicts.json has no type ${type}`);
  return new Set(t.items.map((i) => i.value));
};
const categories = dictValues('recruit_plan_category');
const periods = dictValues('recruit_learning_period');
const subjects = dictValues('recruit_subject');
const educations = dictValues('sys_education');
const errors = [];
for (const c of COUNTIES) {
  const r = regionByCode.get(c.code);
  if (!r || r.level !== 3 || !r.code.startsWith('52'))
    errors.push(`county ${c.code} not a 贵州 county in regions.json`);
  else if (r.name !== c.name) errors.push(`county ${c.code} is ${r.name} in regions.json, not ${c.name}`);
}
for (const row of planData) {
  if (!categories.has(row.category)) errors.push(`category ${row.category}`);
  if (!periods.has(row.learningPeriod)) errors.push(`learningPeriod ${row.learningPeriod}`);
  if (!subjects.has(row.subject)) errors.push(`subject ${row.subject}`);
}
for (const ce of CATEGORY_EDUCATION) {
  if (!categories.has(ce.category)) errors.push(`category ${ce.category}`);
  for (const e of ce.education) if (!educations.has(e)) errors.push(`education ${e}`);
}
if (errors.length) {
  console.error([...new Set(errors)].join('\n'));
  process.exit(1);
}

const out = { provinceCode: '520000', plan, categoryEducation: CATEGORY_EDUCATION, planData, enrollNotice };
const text =
  '{\n' +
  `"provinceCode":${JSON.stringify(out.provinceCode)},\n` +
  `"plan":${JSON.stringify(plan)},\n` +
  `"categoryEducation":[\n${CATEGORY_EDUCATION.map((x) => '  ' + JSON.stringify(x)).join(',\n')}\n],\n` +
  `"planData":[\n${planData.map((x) => '  ' + JSON.stringify(x)).join(',\n')}\n],\n` +
  `"enrollNotice":${JSON.stringify(enrollNotice)}\n` +
  '}\n';
JSON.parse(text);
writeFileSync(join(dataDir, 'demo-plan.json'), text);
const total = planData.reduce((n, r) => n + r.demandNumber, 0);
console.log(`demo-plan.json: ${COUNTIES.length} counties, ${planData.length} rows, ${total} posts`);
