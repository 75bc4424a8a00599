import { stringTable } from '../../i18n';

/** Recruit plans: the back-office plan screen and the candidate service centre. Registered by the sides' string lists (admin/strings.ts, candidate/strings.ts). */
const zh = {
  'admin.plan.entity': '招聘计划',
  'admin.plan.title': '招聘计划列表',
  'admin.plan.schedule': '时间安排',
  'admin.plan.changeStatus': '变更状态',
  'admin.plan.statusConfirm': '确认将招聘计划“{name}”的状态变更为“{status}”吗？',
  'web.serverCenter.title': '服务中心',
  'web.serverCenter.empty': '暂无服务中心说明',
};
const en: Record<keyof typeof zh, string> = {
  'admin.plan.entity': 'recruit plan',
  'admin.plan.title': 'Recruit plans',
  'admin.plan.schedule': 'Schedule',
  'admin.plan.changeStatus': 'Change status',
  'admin.plan.statusConfirm': 'Change the status of the recruit plan "{name}" to "{status}"?',
  'web.serverCenter.title': 'Service centre',
  'web.serverCenter.empty': 'No service centre notes yet',
};

export const recruitPlanStrings = stringTable(zh, en);
