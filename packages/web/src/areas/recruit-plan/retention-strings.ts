import { stringTable } from '../../i18n';

/** The retention dialog and the plan form's retention field (retention-dialog.tsx, plan-fields.tsx). */
const zh = {
  'admin.retention.action': '数据保留',
  'admin.retention.title': '数据保留：{plan}',
  'admin.retention.period': '保存期限',
  'admin.retention.periodValue': '拟签约名单公示结束后 {years} 年',
  'admin.retention.listEnd': '公示结束时间',
  'admin.retention.expiresAt': '保存期满',
  'admin.retention.state': '状态',
  'admin.retention.state.kept': '保存中',
  'admin.retention.state.due': '已期满，待删除',
  'admin.retention.state.purged': '已删除',
  'admin.retention.purgeTime': '删除时间',
  'admin.retention.detail': '{years} 年（至 {date}）',
  'admin.retention.help':
    '保存期满后，系统自动删除本计划考生的个人信息（《个人信息保护法》第十九条）：姓名只保留首字，身份证号和手机号替换为不可还原的密钥散列，照片、报名表和准考证文件删除，体检结果和备注清除；报名、审核、准考证和录取的统计数字不变。保存年限在编辑计划时修改。',
  'admin.retention.counts': '删除时将处理',
  'admin.retention.countsDone': '已处理',
  'admin.retention.count.enrolments': '报名记录',
  'admin.retention.count.tickets': '准考证文件',
  'admin.retention.count.results': '录取结果（体检、备注）',
  'admin.retention.count.comparisons': '比对记录',
  'admin.retention.count.importProblems': '导入问题记录',
  'admin.retention.count.files': '存储文件',
  'admin.retention.count.accounts': '考生账号',
  'admin.retention.run': '立即删除',
  'admin.retention.runConfirm':
    '将删除招聘计划“{plan}”考生的个人信息（{enrolments} 条报名记录、{files} 个文件、{accounts} 个考生账号等），删除后无法恢复。确认立即删除吗？',
  'admin.retention.notDue': '保存期满（{date}）后才能删除，届时系统会自动执行',
  'admin.retention.purgedNote': '本计划考生的个人信息已于 {time} 删除，统计数字保留。',
  'admin.retention.progress': '{status}：已处理 {processed} / {total}',
  'admin.retention.progressLabel': '删除进度',
  'admin.retention.close': '关闭',
  'admin.retention.years': '年',
  'admin.retention.fieldHelp': '拟签约名单公示结束后保存考生个人信息的年数（{min}–{max}），期满后自动删除',
};
const en: Record<keyof typeof zh, string> = {
  'admin.retention.action': 'Data retention',
  'admin.retention.title': 'Data retention: {plan}',
  'admin.retention.period': 'Kept for',
  'admin.retention.periodValue': '{years} years after the list publication ends',
  'admin.retention.listEnd': 'List publication ends',
  'admin.retention.expiresAt': 'Kept until',
  'admin.retention.state': 'State',
  'admin.retention.state.kept': 'Kept',
  'admin.retention.state.due': 'Period over, to be deleted',
  'admin.retention.state.purged': 'Deleted',
  'admin.retention.purgeTime': 'Deleted on',
  'admin.retention.detail': '{years} years (until {date})',
  'admin.retention.help':
    'Once the period is over, the candidates’ personal data of this plan is deleted automatically (PIPL art. 19): names keep their first character, ID numbers and phones are replaced by keyed hashes that cannot be reversed, photos, enrolment forms and ticket files are deleted, physical examination results and remarks are cleared; the counts of applications, audits, tickets and admissions stay. The period is changed by editing the plan.',
  'admin.retention.counts': 'A run will change',
  'admin.retention.countsDone': 'Changed',
  'admin.retention.count.enrolments': 'Enrolments',
  'admin.retention.count.tickets': 'Ticket files',
  'admin.retention.count.results': 'Results (physical exam, remarks)',
  'admin.retention.count.comparisons': 'Comparison rows',
  'admin.retention.count.importProblems': 'Import problem rows',
  'admin.retention.count.files': 'Stored files',
  'admin.retention.count.accounts': 'Candidate accounts',
  'admin.retention.run': 'Delete now',
  'admin.retention.runConfirm':
    'This deletes the personal data of the candidates of "{plan}" ({enrolments} enrolments, {files} files, {accounts} candidate accounts and more) and cannot be undone. Delete now?',
  'admin.retention.notDue': 'It can be deleted once the period is over ({date}); it then runs by itself',
  'admin.retention.purgedNote':
    'The personal data of this plan’s candidates was deleted on {time}; the counts are kept.',
  'admin.retention.progress': '{status}: {processed} of {total} done',
  'admin.retention.progressLabel': 'Deletion progress',
  'admin.retention.close': 'Close',
  'admin.retention.years': 'years',
  'admin.retention.fieldHelp':
    'Years the candidates’ personal data is kept after the list publication ends ({min}–{max}); then it is deleted automatically',
};

export const retentionStrings = stringTable(zh, en);
