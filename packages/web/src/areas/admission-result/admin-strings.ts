import { stringTable } from '../../i18n';

/** The admission results screen (/candidate/admissionResults/index; issue 9). Registered in admin/strings.ts. */
const zh = {
  'admin.result.entity': '录取结果',
  'admin.result.title': '录取结果列表',
  'admin.result.regionDisabled': '县级管理员只能查看本县的录取结果',
  'admin.result.choosePlan': '请先在搜索条件中选择招聘计划',
  'admin.result.sectionBasic': '基本信息',
  'admin.result.sectionAdmission': '录取信息',
  'admin.result.physicalHidden': '查看体检结果需要专门的权限',
};
const en: Record<keyof typeof zh, string> = {
  'admin.result.entity': 'admission result',
  'admin.result.title': 'Admission results',
  'admin.result.regionDisabled': 'A county administrator sees only the results of the county',
  'admin.result.choosePlan': 'Choose a recruit plan in the search first',
  'admin.result.sectionBasic': 'Basic information',
  'admin.result.sectionAdmission': 'Admission',
  'admin.result.physicalHidden': 'Seeing the physical examination result needs a dedicated right',
};

export const admissionResultAdminStrings = stringTable(zh, en);
