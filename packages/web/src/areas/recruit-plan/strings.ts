import { stringTable } from '../../i18n';

/** Recruit plans: the back-office plan screen and the candidate service centre. Registered by the sides' string lists (admin/strings.ts, candidate/strings.ts). */
const zh = {
  'admin.plan.entity': '招聘计划',
  'admin.plan.title': '招聘计划列表',
  'admin.plan.schedule': '时间安排',
  'admin.plan.changeStatus': '变更状态',
  'admin.plan.statusConfirm': '确认将招聘计划“{name}”的状态变更为“{status}”吗？',
  'admin.plan.birthLimits.add': '添加学历年龄限制',
  'admin.plan.birthLimits.help': '所选学历的报考人员须在对应日期及以后出生；未列出的学历按“出生日期限制”',
  'admin.plan.birthLimits.duplicate': '学历“{education}”重复设置',
  'admin.plan.birthLimits.none': '无（均按出生日期限制）',
  'admin.plan.phase': '当前阶段',
  'admin.plan.phase.until': '至 {time}',
  'admin.plan.phase.next': '{phase} {time} 开始',
  'admin.plan.closeBlocked': '{window}（至 {end}）尚未结束，全部阶段结束（{last}）后才能结束计划',
  'web.serverCenter.title': '服务中心',
  'web.serverCenter.empty': '暂无服务中心说明',
};
const en: Record<keyof typeof zh, string> = {
  'admin.plan.entity': 'recruit plan',
  'admin.plan.title': 'Recruit plans',
  'admin.plan.schedule': 'Schedule',
  'admin.plan.changeStatus': 'Change status',
  'admin.plan.statusConfirm': 'Change the status of the recruit plan "{name}" to "{status}"?',
  'admin.plan.birthLimits.add': 'Add an age limit for an education',
  'admin.plan.birthLimits.help':
    'Candidates of the chosen education must be born on or after its date; other educations use "Born on or after"',
  'admin.plan.birthLimits.duplicate': 'Education "{education}" is set more than once',
  'admin.plan.birthLimits.none': 'None (all use the general limit)',
  'admin.plan.phase': 'Stage',
  'admin.plan.phase.until': 'until {time}',
  'admin.plan.phase.next': '{phase} starts {time}',
  'admin.plan.closeBlocked':
    '"{window}" runs until {end}; the plan can be closed once every stage has ended ({last})',
  'web.serverCenter.title': 'Service centre',
  'web.serverCenter.empty': 'No service centre notes yet',
};

export const recruitPlanStrings = stringTable(zh, en);
