import { stringTable, type StringTable } from '../i18n';
import { admissionResultStrings } from '../areas/admission-result/strings';
import { admissionTicketStrings } from '../areas/admission-ticket/strings';
import { candidateAccountStrings } from '../areas/candidate-account/strings';
import { enrollStrings } from '../areas/enroll/strings';
import { recruitPlanStrings } from '../areas/recruit-plan/strings';

/**
 * The candidate site's own UI strings (zh default, en). Validation and domain messages and the field
 * labels come from the domain catalogue (packages/domain/src/i18n) and are not repeated here.
 */
const candidateZh = {
  'web.title': '特岗教师招聘报名系统',
  'web.titleShort': '特岗教师招聘报名系统',
  'web.colon': '：',
  'web.logout.confirm': '确定退出登录吗？',
  'web.logout.done': '已退出登录',
  'web.menu.open': '打开菜单',
  'web.menu.personal': '个人资料',
  'web.menu.userInfo': '用户信息',
  'web.menu.editPassword': '修改密码',
  'web.menu.recruit': '招聘管理',
  'web.menu.enrollTable': '下载报名表',
  'web.welcome': '欢迎您，{name}',
  'web.status.label': '报名状态',
  'web.loadFailed': '加载失败，请稍后重试',
  'web.retry': '重试',
  'web.home': '返回首页',
  'web.fixErrors': '请按提示修改标红的内容',

  'web.notFound.title': '页面不存在',
  'web.notFound.desc': '您访问的页面不存在或已被移除',
};

const candidateEn: Record<keyof typeof candidateZh, string> = {
  'web.title': 'Special-Post Teacher Recruitment Enrolment',
  'web.titleShort': 'Teacher Enrolment',
  'web.colon': ': ',
  'web.logout.confirm': 'Log out now?',
  'web.logout.done': 'You have logged out',
  'web.menu.open': 'Open the menu',
  'web.menu.personal': 'Personal data',
  'web.menu.userInfo': 'User info',
  'web.menu.editPassword': 'Change password',
  'web.menu.recruit': 'Recruitment',
  'web.menu.enrollTable': 'Download enrolment form',
  'web.welcome': 'Welcome, {name}',
  'web.status.label': 'Enrolment status',
  'web.loadFailed': 'Loading failed; please try again later',
  'web.retry': 'Retry',
  'web.home': 'Back to home',
  'web.fixErrors': 'Please correct the fields marked in red',

  'web.notFound.title': 'Page not found',
  'web.notFound.desc': 'The page you asked for does not exist or has been removed',
};

export const candidateStrings = stringTable(candidateZh, candidateEn);

/** Every table the candidate site shows: its shell's and its areas' (registered once, in main.tsx). */
export const CANDIDATE_STRINGS: StringTable[] = [
  candidateStrings,
  candidateAccountStrings,
  enrollStrings,
  recruitPlanStrings,
  admissionTicketStrings,
  admissionResultStrings,
];

/** A key of the candidate site's own strings or of its areas'. */
export type CandidateStringKey =
  keyof typeof candidateZh | keyof typeof candidateAccountStrings.zh | keyof typeof enrollStrings.zh;
