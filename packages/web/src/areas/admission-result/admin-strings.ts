import { stringTable } from '../../i18n';

/** The admission results screen (/candidate/admissionResults/index). Registered in admin/strings.ts. */
const zh = {
  'admin.result.entity': '录取结果',
  'admin.result.title': '录取结果列表',
  'admin.result.regionDisabled': '县级管理员只能查看本县的录取结果',
  'admin.result.choosePlan': '请先在搜索条件中选择招聘计划',
  'admin.result.templatePrefilled':
    '下载的模板已填好本计划准考证持有人的身份证号、姓名和准考证号，补全成绩与录取状态后导入即可',
  'admin.result.sectionBasic': '基本信息',
  'admin.result.sectionAdmission': '录取信息',
  'admin.result.physicalHidden': '查看体检结果需要专门的权限',
};
const en: Record<keyof typeof zh, string> = {
  'admin.result.entity': 'admission result',
  'admin.result.title': 'Admission results',
  'admin.result.regionDisabled': 'A county administrator sees only the results of the county',
  'admin.result.choosePlan': 'Choose a recruit plan in the search first',
  'admin.result.templatePrefilled':
    'The template comes filled with the ID number, name and admission number of every ticket holder of this plan: add the scores and the admission status, then import it',
  'admin.result.sectionBasic': 'Basic information',
  'admin.result.sectionAdmission': 'Admission',
  'admin.result.physicalHidden': 'Seeing the physical examination result needs a dedicated right',
};

export const admissionResultAdminStrings = stringTable(zh, en);
