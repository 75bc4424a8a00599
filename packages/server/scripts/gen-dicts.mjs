#!/usr/bin/env node
// Writes src/db/seed-data/dicts.json: the 13 dictionary types of spec §3 with
// their items. This file is the authored source; edit here and rerun
//
//   node scripts/gen-dicts.mjs
//
// Item tuples are [value, label, labelEn] (+ optional true = isDefault "Y").
// At most one default per type.

import { writeFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', 'src', 'db', 'seed-data');

const types = [
  {
    type: 'recruit_learning_period',
    name: '学段',
    nameEn: 'Learning period',
    description: '招聘岗位的学段（特岗计划以农村义务教育阶段小学、初中为主）',
    items: [
      ['01', '幼儿园', 'Kindergarten'],
      ['02', '小学', 'Primary school'],
      ['03', '初中', 'Junior secondary school'],
      ['04', '高中', 'Senior secondary school'],
    ],
  },
  {
    type: 'recruit_subject',
    name: '学科',
    nameEn: 'Subject',
    description: '招聘岗位的学科，参照义务教育课程方案和普通高中课程方案的科目设置',
    items: [
      ['01', '语文', 'Chinese'],
      ['02', '数学', 'Mathematics'],
      ['03', '英语', 'English'],
      ['04', '道德与法治', 'Morality and Rule of Law'],
      ['05', '思想政治', 'Ideology and Politics'],
      ['06', '历史', 'History'],
      ['07', '地理', 'Geography'],
      ['08', '物理', 'Physics'],
      ['09', '化学', 'Chemistry'],
      ['10', '生物', 'Biology'],
      ['11', '科学', 'Science'],
      ['12', '音乐', 'Music'],
      ['13', '体育与健康', 'Physical Education and Health'],
      ['14', '美术', 'Fine Arts'],
      ['15', '信息技术', 'Information Technology'],
      ['16', '心理健康', 'Mental Health Education'],
      ['17', '特殊教育', 'Special Education'],
      ['18', '学前教育', 'Preschool Education'],
    ],
  },
  {
    type: 'sys_yes_no',
    name: '是否',
    nameEn: 'Yes / No',
    description: '通用是否标志',
    items: [
      ['1', '是', 'Yes'],
      ['0', '否', 'No'],
    ],
  },
  {
    type: 'sys_user_sex',
    name: '性别',
    nameEn: 'Sex',
    description: 'GB/T 2261.1-2003 个人基本信息分类与代码 第1部分：人的性别代码',
    items: [
      ['0', '未知的性别', 'Unknown'],
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
      ['9', '未说明的性别', 'Not stated'],
    ],
  },
  {
    type: 'sys_marital_status',
    name: '婚姻状况',
    nameEn: 'Marital status',
    description: 'GB/T 2261.2-2003 个人基本信息分类与代码 第2部分：婚姻状况代码',
    items: [
      ['10', '未婚', 'Unmarried'],
      ['20', '已婚', 'Married'],
      ['21', '初婚', 'First marriage'],
      ['22', '再婚', 'Remarried'],
      ['23', '复婚', 'Remarried to former spouse'],
      ['30', '丧偶', 'Widowed'],
      ['40', '离婚', 'Divorced'],
      ['90', '未说明的婚姻状况', 'Not stated'],
    ],
  },
  {
    type: 'sys_nation',
    name: '民族',
    nameEn: 'Nation',
    description:
      'GB/T 3304-1991 中国各民族名称的罗马字母拼写法和代码（01–56）；97、98 为人事、学籍信息系统通用的补充代码',
    items: [
      ['01', '汉族', 'Han', true],
      ['02', '蒙古族', 'Mongol'],
      ['03', '回族', 'Hui'],
      ['04', '藏族', 'Zang (Tibetan)'],
      ['05', '维吾尔族', 'Uygur'],
      ['06', '苗族', 'Miao'],
      ['07', '彝族', 'Yi'],
      ['08', '壮族', 'Zhuang'],
      ['09', '布依族', 'Buyei'],
      ['10', '朝鲜族', 'Chosen (Korean)'],
      ['11', '满族', 'Man (Manchu)'],
      ['12', '侗族', 'Dong'],
      ['13', '瑶族', 'Yao'],
      ['14', '白族', 'Bai'],
      ['15', '土家族', 'Tujia'],
      ['16', '哈尼族', 'Hani'],
      ['17', '哈萨克族', 'Kazak'],
      ['18', '傣族', 'Dai'],
      ['19', '黎族', 'Li'],
      ['20', '傈僳族', 'Lisu'],
      ['21', '佤族', 'Va'],
      ['22', '畲族', 'She'],
      ['23', '高山族', 'Gaoshan'],
      ['24', '拉祜族', 'Lahu'],
      ['25', '水族', 'Sui'],
      ['26', '东乡族', 'Dongxiang'],
      ['27', '纳西族', 'Naxi'],
      ['28', '景颇族', 'Jingpo'],
      ['29', '柯尔克孜族', 'Kirgiz'],
      ['30', '土族', 'Tu'],
      ['31', '达斡尔族', 'Daur'],
      ['32', '仫佬族', 'Mulao'],
      ['33', '羌族', 'Qiang'],
      ['34', '布朗族', 'Blang'],
      ['35', '撒拉族', 'Salar'],
      ['36', '毛南族', 'Maonan'],
      ['37', '仡佬族', 'Gelao'],
      ['38', '锡伯族', 'Xibe'],
      ['39', '阿昌族', 'Achang'],
      ['40', '普米族', 'Pumi'],
      ['41', '塔吉克族', 'Tajik'],
      ['42', '怒族', 'Nu'],
      ['43', '乌孜别克族', 'Uzbek'],
      ['44', '俄罗斯族', 'Russ (Russian)'],
      ['45', '鄂温克族', 'Ewenki'],
      ['46', '德昂族', 'Deang'],
      ['47', '保安族', 'Bonan'],
      ['48', '裕固族', 'Yugur'],
      ['49', '京族', 'Gin (Jing)'],
      ['50', '塔塔尔族', 'Tatar'],
      ['51', '独龙族', 'Derung'],
      ['52', '鄂伦春族', 'Oroqen'],
      ['53', '赫哲族', 'Hezhen'],
      ['54', '门巴族', 'Monba'],
      ['55', '珞巴族', 'Lhoba'],
      ['56', '基诺族', 'Jino'],
      ['97', '其他', 'Other'],
      ['98', '外国血统中国籍人士', 'Chinese citizen of foreign origin'],
    ],
  },
  {
    type: 'sys_political',
    name: '政治面貌',
    nameEn: 'Political status',
    description: 'GB/T 4762-1984 政治面貌代码',
    items: [
      ['01', '中国共产党党员', 'Member of the Communist Party of China'],
      ['02', '中国共产党预备党员', 'Probationary member of the Communist Party of China'],
      ['03', '中国共产主义青年团团员', 'Member of the Communist Youth League of China'],
      ['04', '中国国民党革命委员会会员', 'Member of the Revolutionary Committee of the Chinese Kuomintang'],
      ['05', '中国民主同盟盟员', 'Member of the China Democratic League'],
      ['06', '中国民主建国会会员', 'Member of the China National Democratic Construction Association'],
      ['07', '中国民主促进会会员', 'Member of the China Association for Promoting Democracy'],
      ['08', '中国农工民主党党员', "Member of the Chinese Peasants' and Workers' Democratic Party"],
      ['09', '中国致公党党员', 'Member of the China Zhi Gong Party'],
      ['10', '九三学社社员', 'Member of the Jiusan Society'],
      ['11', '台湾民主自治同盟盟员', 'Member of the Taiwan Democratic Self-Government League'],
      ['12', '无党派民主人士', 'Non-party democrat'],
      ['13', '群众', 'Ordinary citizen (no affiliation)', true],
    ],
  },
  {
    type: 'sys_education',
    name: '学历',
    nameEn: 'Education',
    description:
      'GB/T 4658-2006 学历代码（取毕业学历：11 博士研究生、14 硕士研究生、21 大学本科、31 大学专科、41 中等专科）',
    items: [
      ['11', '博士研究生', 'Doctoral degree programme graduate'],
      ['14', '硕士研究生', "Master's degree programme graduate"],
      ['21', '大学本科', 'Undergraduate (bachelor level)'],
      ['31', '大学专科', 'Junior college (associate level)'],
      ['41', '中等专科', 'Secondary specialised school'],
    ],
  },
  {
    type: 'recruit_freshmen_type',
    name: '毕业生类型',
    nameEn: 'Graduate type',
    description: '应届或往届毕业生',
    items: [
      ['1', '应届毕业生', 'Graduating this year'],
      ['2', '往届毕业生', 'Graduated in a previous year'],
    ],
  },
  {
    type: 'recruit_teacher_certification',
    name: '教师资格证取得情况',
    nameEn: 'Teacher certificate status',
    description: '报考人员是否已取得教师资格证书',
    items: [
      ['1', '已取得', 'Held'],
      ['2', '未取得', 'Not held'],
      ['3', '认定中', 'Certification in progress'],
    ],
  },
  {
    type: 'recruit_teacher_certification_type',
    name: '教师资格种类',
    nameEn: 'Teacher certificate type',
    description: '《教师资格条例》第四条规定的教师资格种类',
    items: [
      ['01', '幼儿园教师资格', 'Kindergarten teacher'],
      ['02', '小学教师资格', 'Primary school teacher'],
      ['03', '初级中学教师资格', 'Junior secondary school teacher'],
      ['04', '高级中学教师资格', 'Senior secondary school teacher'],
      ['05', '中等职业学校教师资格', 'Secondary vocational school teacher'],
      ['06', '中等职业学校实习指导教师资格', 'Secondary vocational school practical-training instructor'],
      ['07', '高等学校教师资格', 'Higher education teacher'],
    ],
  },
  {
    type: 'recruit_priority_content_type',
    name: '优先条件',
    nameEn: 'Priority condition',
    description: '特岗教师招聘公告中同等条件下优先录用的情形',
    items: [
      [
        '01',
        '服务基层项目人员（大学生村官、“三支一扶”、“西部计划”等）',
        'Grassroots service programme participant (village official, Three Supports and One Assistance, Western China volunteer, etc.)',
      ],
      ['02', '退役大学生士兵', 'Discharged university-student soldier'],
      ['03', '师范类专业毕业生', 'Teacher-training (normal) programme graduate'],
      ['04', '少数民族双语（民汉双语）人才', 'Bilingual in a minority language and Mandarin'],
      ['05', '本地生源', 'Local origin (registered residence in the province)'],
      ['06', '脱贫家庭毕业生', 'Graduate from a household lifted out of poverty'],
    ],
  },
  {
    type: 'recruit_plan_category',
    name: '岗位类别',
    nameEn: 'Post category',
    description: '招聘计划的岗位类别；可报考的学历见计划的“类别-学历”对应关系',
    items: [
      ['01', '普通岗位', 'General post', true],
      ['02', '紧缺学科岗位', 'Shortage-subject post'],
      ['03', '双语岗位', 'Bilingual post'],
    ],
  },
];

const out = types.map((t) => ({
  type: t.type,
  name: t.name,
  nameEn: t.nameEn,
  isSystem: '1',
  description: t.description,
  items: t.items.map(([value, label, labelEn, isDefault], i) => ({
    value,
    label,
    labelEn,
    sort: i + 1,
    isDefault: isDefault ? 'Y' : 'N',
  })),
}));

// Sanity: unique types/values, at most one default.
const seen = new Set();
for (const t of out) {
  if (seen.has(t.type)) throw new Error(`duplicate type ${t.type}`);
  seen.add(t.type);
  const values = new Set(t.items.map((i) => i.value));
  if (values.size !== t.items.length) throw new Error(`duplicate value in ${t.type}`);
  if (t.items.filter((i) => i.isDefault === 'Y').length > 1) throw new Error(`two defaults in ${t.type}`);
}

// Compact: one item per line.
const text =
  '[\n' +
  out
    .map((t) => {
      const { items, ...head } = t;
      const h = JSON.stringify(head).slice(0, -1);
      return `${h},"items":[\n${items.map((i) => '  ' + JSON.stringify(i)).join(',\n')}\n]}`;
    })
    .join(',\n') +
  '\n]\n';

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'dicts.json'), text);
console.log(`dicts.json: ${out.length} types, ${out.reduce((n, t) => n + t.items.length, 0)} items`);
