import { stringTable, type StringTable } from '../i18n';
import { admissionResultStrings } from '../areas/admission-result/strings';
import { admissionTicketStrings } from '../areas/admission-ticket/strings';
import { candidateAccountStrings } from '../areas/candidate-account/strings';
import { enrollStrings } from '../areas/enroll/strings';
import { recruitPlanStrings } from '../areas/recruit-plan/strings';
import { smsNoticeCandidateStrings } from '../areas/sms-notice/strings';

/**
 * The candidate site's own UI strings (zh default, en). Validation and domain messages and the field
 * labels come from the domain catalogue (packages/domain/src/i18n) and are not repeated here.
 */
const candidateZh = {
  // Spec §2 "Candidate layout": the provincial special-post teacher recruitment enrolment system.
  'web.title': '省特岗教师招聘报名系统',
  'web.titleShort': '省特岗教师招聘报名系统',
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

  'web.menu.help': '服务与帮助',
  'web.menu.serverCenter': '服务中心',
  'web.menu.servicePhone': '客服电话',
  'web.enroll.nameLocked': '与账号的真实姓名一致，不能修改',
  'web.draft.restored': '已恢复未提交的草稿。照片不会保存在草稿中，请重新上传。',
  'web.draft.discard': '放弃草稿',
  'web.leave.confirm': '离开后未提交的内容将丢失，确定离开？',

  'web.menu.admissionTicket': '准考证下载',
  'web.menu.recruitInfo': '录取结果',
  'web.menu.notices': '消息通知',
  'web.menu.myEnroll': '我的报名',
  'web.planPage.title': '{page} · {plan}',
  'web.planPage.earlier': '往期招聘计划：{plan}（{year}年）',
  'web.planPage.earlierDesc': '本页按该计划自己的时间安排显示，与当前正在进行的招聘计划无关。',
  'web.planPage.toList': '我的报名',
  'web.planPage.purged': '该计划的个人信息已按保存期限删除',
  'web.planPage.purgedDesc': '报名表、准考证和录取结果已不能查看。',
  'web.planPage.unknown': '没有找到您在该招聘计划的报名',
  'web.phase.label': '当前阶段',
  'web.phase.until': '截至 {time}',
  'web.phase.next': '{phase}将于 {time} 开始',

  'web.lock.button': '锁屏',
  'web.lock.setTitle': '设置锁屏密码',
  'web.lock.title': '屏幕已锁定',
  'web.lock.enter': '请输入锁屏密码解锁',
  'web.lock.unlock': '解锁',
  'web.lock.logoutLink': '退出登录，返回登录页',
  'web.lock.wrong': '锁屏密码错误',
  'web.lock.ended': '锁屏密码错误次数过多，请重新登录',
};

const candidateEn: Record<keyof typeof candidateZh, string> = {
  'web.title': 'Provincial Special-Post Teacher Recruitment Enrolment System',
  'web.titleShort': 'Provincial Teacher Enrolment',
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

  'web.menu.help': 'Service and help',
  'web.menu.serverCenter': 'Service centre',
  'web.menu.servicePhone': 'Customer service phone',
  'web.enroll.nameLocked': 'The real name of your account; it cannot be changed',
  'web.draft.restored': 'Draft restored. The photo is not kept in a draft; please upload it again.',
  'web.draft.discard': 'Discard draft',
  'web.leave.confirm': 'What you have not submitted will be lost. Leave anyway?',

  'web.menu.admissionTicket': 'Admission ticket',
  'web.menu.recruitInfo': 'Admission result',
  'web.menu.notices': 'Notices',
  'web.menu.myEnroll': 'My applications',
  'web.planPage.title': '{page} · {plan}',
  'web.planPage.earlier': 'Earlier recruit plan: {plan} ({year})',
  'web.planPage.earlierDesc': "This page follows that plan's own timeline, whatever plan is open now.",
  'web.planPage.toList': 'My applications',
  'web.planPage.purged': 'The personal data of this plan was deleted at the end of its retention period',
  'web.planPage.purgedDesc': 'Its enrolment form, admission ticket and result can no longer be shown.',
  'web.planPage.unknown': 'No application of yours was found in this recruit plan',
  'web.phase.label': 'Current stage',
  'web.phase.until': 'until {time}',
  'web.phase.next': '{phase} starts at {time}',

  'web.lock.button': 'Lock',
  'web.lock.setTitle': 'Set a lock password',
  'web.lock.title': 'Screen locked',
  'web.lock.enter': 'Enter the lock password to unlock',
  'web.lock.unlock': 'Unlock',
  'web.lock.logoutLink': 'Log out and return to the login page',
  'web.lock.wrong': 'Wrong lock password',
  'web.lock.ended': 'Too many wrong lock passwords; please log in again',
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
  smsNoticeCandidateStrings,
];

/** A key of the candidate site's own strings or of its areas'. */
export type CandidateStringKey =
  keyof typeof candidateZh | keyof typeof candidateAccountStrings.zh | keyof typeof enrollStrings.zh;
