import { stringTable } from '../../i18n';

/** The candidate's notices page and its header bell (candidate/notice-page.tsx, notice-bell.tsx). */
const zh = {
  'web.notice.title': '消息通知',
  'web.notice.bell': '消息通知',
  'web.notice.bellUnread': '消息通知，{count} 条未读',
  'web.notice.empty': '暂无消息。审核结果、准考证和成绩开放查询时会在这里通知您。',
  'web.notice.new': '新',
  'web.notice.intro': '报名审核结果、准考证和成绩查询的通知。短信通知如未收到，请以本页为准。',
  'web.notice.rejected.title': '资格审核未通过',
  'web.notice.rejected.text': '您报名的“{plan}”资格审核未通过，请于 {deadline} 前修改报名信息后重新提交。',
  'web.notice.rejected.closed': '您报名的“{plan}”资格审核未通过，报名已于 {deadline} 截止，不能再修改。',
  'web.notice.rejected.reason': '审核意见：{reason}',
  'web.notice.rejected.action': '修改报名信息',
  'web.notice.passed.title': '资格审核已通过',
  'web.notice.passed.text': '您报名的“{plan}”资格审核已通过，请按时关注准考证打印通知。',
  'web.notice.passed.action': '下载报名表',
  'web.notice.ticketReady.title': '准考证可以打印了',
  'web.notice.ticketReady.text': '“{plan}”的准考证已发放，请于 {deadline} 前下载并打印。',
  'web.notice.ticketReady.action': '下载准考证',
  'web.notice.resultsOpen.title': '成绩已开放查询',
  'web.notice.resultsOpen.text': '“{plan}”的成绩和录取结果已可查询（截至 {deadline}）。',
  'web.notice.resultsOpen.action': '查看录取结果',
};
const en: Record<keyof typeof zh, string> = {
  'web.notice.title': 'Notices',
  'web.notice.bell': 'Notices',
  'web.notice.bellUnread': 'Notices, {count} unread',
  'web.notice.empty':
    'No notices yet. Your audit result, admission ticket and results will be announced here.',
  'web.notice.new': 'New',
  'web.notice.intro':
    'Notices of your application’s audit, your admission ticket and your results. If an SMS did not reach you, this page is the record.',
  'web.notice.rejected.title': 'Application rejected',
  'web.notice.rejected.text':
    'Your application to "{plan}" was rejected. Please correct it and submit it again before {deadline}.',
  'web.notice.rejected.closed':
    'Your application to "{plan}" was rejected. Enrolment closed at {deadline}; it can no longer be changed.',
  'web.notice.rejected.reason': 'Reviewer’s note: {reason}',
  'web.notice.rejected.action': 'Correct my application',
  'web.notice.passed.title': 'Application approved',
  'web.notice.passed.text':
    'Your application to "{plan}" passed the audit. Watch for the admission ticket notice.',
  'web.notice.passed.action': 'Download enrolment form',
  'web.notice.ticketReady.title': 'Admission ticket ready to print',
  'web.notice.ticketReady.text':
    'Your admission ticket for "{plan}" is ready. Please download and print it before {deadline}.',
  'web.notice.ticketReady.action': 'Download admission ticket',
  'web.notice.resultsOpen.title': 'Results open',
  'web.notice.resultsOpen.text':
    'Your scores and admission result for "{plan}" can be viewed (until {deadline}).',
  'web.notice.resultsOpen.action': 'View admission result',
};

export const smsNoticeCandidateStrings = stringTable(zh, en);
