import { stringTable } from '../../i18n';

/** The recruit plan data screen (/recruit/recruitPlanData/index). Registered in admin/strings.ts. */
const zh = {
  'admin.planData.entity': '招聘计划数据',
  'admin.planData.title': '招聘计划数据列表',
  'admin.planData.region': '地区',
  'admin.planData.enable': '启用',
  'admin.planData.disable': '停用',
  'admin.planData.statusConfirm': '确认{action}该条招聘计划数据吗？',
};
const en: Record<keyof typeof zh, string> = {
  'admin.planData.entity': 'recruit plan data',
  'admin.planData.title': 'Recruit plan data',
  'admin.planData.region': 'Region',
  'admin.planData.enable': 'Enable',
  'admin.planData.disable': 'Disable',
  'admin.planData.statusConfirm': '{action} this recruit plan data row?',
};

export const planDataStrings = stringTable(zh, en);
