import { stringTable } from '../../i18n';

/** The back-office dashboard and its enrolment statistics. Registered by the sides' string lists (admin/strings.ts, candidate/strings.ts). */
const zh = {
  'admin.stats.enrolls': '报名记录',
  'admin.stats.plans': '招聘计划',
  'admin.stats.openPlan': '报名中的计划',
  'admin.stats.none': '暂无',
  'admin.stats.unit': '条',
  'admin.dashboard.title': '数据看板',
  'admin.dashboard.total': '报名总数',
  'admin.dashboard.byCounty': '各县报名与需求',
  'admin.dashboard.byPeriod': '各学段报名与需求',
  'admin.dashboard.bySubject': '各学科报名与需求',
  'admin.dashboard.count': '报名/需求',
  'admin.dashboard.share': '报名需求比',
  'admin.dashboard.demand': '招聘需求',
  'admin.dashboard.note': '{plan}：您所辖地区的实时报名人数与计划需求人数。',
  'admin.dashboard.noAccess': '您没有查看报名记录的权限',
};
const en: Record<keyof typeof zh, string> = {
  'admin.stats.enrolls': 'Enrolments',
  'admin.stats.plans': 'Recruit plans',
  'admin.stats.openPlan': 'Plan open for enrolment',
  'admin.stats.none': 'None',
  'admin.stats.unit': '',
  'admin.dashboard.title': 'Dashboard',
  'admin.dashboard.total': 'Total enrolments',
  'admin.dashboard.byCounty': 'Enrolments against demand by county',
  'admin.dashboard.byPeriod': 'Enrolments against demand by learning period',
  'admin.dashboard.bySubject': 'Enrolments against demand by subject',
  'admin.dashboard.count': 'Enrolled/demand',
  'admin.dashboard.share': 'Enrolled per post',
  'admin.dashboard.demand': 'Demand',
  'admin.dashboard.note': '{plan}: live enrolments against planned demand in your region.',
  'admin.dashboard.noAccess': 'You are not allowed to view enrolments',
};

export const dashboardStrings = stringTable(zh, en);
