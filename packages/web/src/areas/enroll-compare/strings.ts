import { stringTable } from '../../i18n';

/** The enrolment comparison screen (registered in admin/strings.ts). */
const zh = {
  'admin.compare.entity': '比对名单',
  'admin.compare.title': '报名比对',
  'admin.compare.result': '比对结果',
  'admin.compare.result.1': '有差异',
  'admin.compare.result.0': '一致',
  'admin.compare.choosePlan': '请先在查询条件中选择招聘计划',
  'admin.compare.dataSource': '数据来源',
  'admin.compare.dataSourceHint':
    '如“现场审核表”；不填则用文件名。同一计划同一来源再次导入时替换上次的结果。',
  'admin.compare.match': '一致',
};
const en: Record<keyof typeof zh, string> = {
  'admin.compare.entity': 'comparison list',
  'admin.compare.title': 'Enrolment comparison',
  'admin.compare.result': 'Result',
  'admin.compare.result.1': 'Differences',
  'admin.compare.result.0': 'Matches',
  'admin.compare.choosePlan': 'Choose a recruit plan in the search first',
  'admin.compare.dataSource': 'Data source',
  'admin.compare.dataSourceHint':
    'E.g. "on-site audit sheet"; the file name when empty. Importing the same source for the same plan again replaces its earlier results.',
  'admin.compare.match': 'Matches',
};
export const enrollCompareStrings = stringTable(zh, en);
