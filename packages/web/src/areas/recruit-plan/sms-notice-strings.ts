import { stringTable } from '../../i18n';

/** The SMS notice dialog of the recruit plan screen (sms-notice-dialog.tsx). */
const zh = {
  'admin.smsNotice.action': '短信通知',
  'admin.smsNotice.title': '短信通知：{plan}',
  'admin.smsNotice.switch': '向本计划考生发送短信通知',
  'admin.smsNotice.switchHelp':
    '开启后，审核未通过、准考证发放时自动发送；成绩可查询时在此处发送。每位考生每类通知只发送一次。',
  'admin.smsNotice.provinceOnly': '仅省级账号可以开启或关闭',
  'admin.smsNotice.event': '通知',
  'admin.smsNotice.sent': '已发送',
  'admin.smsNotice.failed': '发送失败',
  'admin.smsNotice.sending': '发送中',
  'admin.smsNotice.pending': '待通知',
  'admin.smsNotice.send': '发送',
  'admin.smsNotice.sendResults': '通知考生成绩已可查询',
  'admin.smsNotice.sendConfirm': '将向 {count} 名考生发送“{event}”短信，确认发送吗？',
  'admin.smsNotice.sendDisabledOff': '请先开启短信通知',
  'admin.smsNotice.sendDisabledNone': '没有待通知的考生',
  'admin.smsNotice.progress': '{status} · 成功 {sent} 条，失败 {failed} 条，共 {total} 条',
  'admin.smsNotice.templates': '短信模板',
  'admin.smsNotice.templateCode': '模板编号（阿里云、腾讯云）',
  'admin.smsNotice.templateText': '短信内容（控制台发送方式）',
  'admin.smsNotice.templateHelp':
    '模板变量依次为 name（考生姓名）、plan（计划名称）、time（截止时间）：阿里云写作 {aliyun}，腾讯云写作 {tencent}。短信中不含审核原因。',
  'admin.smsNotice.saveTemplates': '保存模板',
  'admin.smsNotice.close': '关闭',
};
const en: Record<keyof typeof zh, string> = {
  'admin.smsNotice.action': 'SMS notices',
  'admin.smsNotice.title': 'SMS notices: {plan}',
  'admin.smsNotice.switch': 'Send SMS notices to this plan’s candidates',
  'admin.smsNotice.switchHelp':
    'When on, a rejection and a distributed ticket are notified automatically; results are notified from here. Each candidate hears of each event once.',
  'admin.smsNotice.provinceOnly': 'Only province-level accounts can turn this on or off',
  'admin.smsNotice.event': 'Notice',
  'admin.smsNotice.sent': 'Sent',
  'admin.smsNotice.failed': 'Failed',
  'admin.smsNotice.sending': 'Sending',
  'admin.smsNotice.pending': 'Waiting',
  'admin.smsNotice.send': 'Send',
  'admin.smsNotice.sendResults': 'Tell candidates their results are open',
  'admin.smsNotice.sendConfirm': 'Send the "{event}" SMS to {count} candidates?',
  'admin.smsNotice.sendDisabledOff': 'Turn SMS notices on first',
  'admin.smsNotice.sendDisabledNone': 'No candidate is waiting for this notice',
  'admin.smsNotice.progress': '{status} · {sent} sent, {failed} failed of {total}',
  'admin.smsNotice.templates': 'SMS templates',
  'admin.smsNotice.templateCode': 'Template id (Aliyun, Tencent Cloud)',
  'admin.smsNotice.templateText': 'Text (console provider)',
  'admin.smsNotice.templateHelp':
    'Template variables, in order: name (candidate), plan (plan name), time (deadline): {aliyun} on Aliyun, {tencent} on Tencent Cloud. The SMS never carries the rejection reason.',
  'admin.smsNotice.saveTemplates': 'Save templates',
  'admin.smsNotice.close': 'Close',
};

export const smsNoticeStrings = stringTable(zh, en);
