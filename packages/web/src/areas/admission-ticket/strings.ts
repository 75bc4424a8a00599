import { stringTable } from '../../i18n';

/** Admission tickets, candidate side (/web/admission_ticket). Registered by candidate/strings.ts. */
const zh = {
  'web.ticket.title': '准考证下载',
  'web.ticket.reminderTitle': '温馨提示',
  'web.ticket.reminderBrowser': '请使用 Chrome 或 Edge 浏览器下载准考证，以确保正确下载。',
  'web.ticket.reminderPencil': '参加考试请携带 2B 铅笔、橡皮和黑色签字笔，用于填涂答题卡。',
  'web.ticket.ok': '我知道了',
  'web.ticket.notApplied': '您未报名本次招聘，没有准考证',
  'web.ticket.window': '准考证打印时间：{start} 至 {end}',
  'web.ticket.opensAt': '准考证打印将于 {time} 开放',
  'web.ticket.closedAt': '准考证打印已于 {time} 结束',
  'web.ticket.notDistributed': '准考证尚未发放，请留意招聘公告',
  'web.ticket.heading': '准考证',
  'web.ticket.download': '下载准考证',
  'web.ticket.downloadCount': '已下载 {count} 次',
  'web.ticket.downloadStarted': '准考证已开始下载，请在浏览器的下载列表中查看',
  'web.ticket.wechatTitle': '微信内不能直接下载文件',
  'web.ticket.wechatGuide': '点击右上角 ··· 选择在浏览器中打开，登录后再下载准考证。',
  'web.ticket.wechatOpen': '准考证没有打开？点此在新页面打开',
  'web.ticket.help': '遇到问题请拨打客服电话',
};
const en: Record<keyof typeof zh, string> = {
  'web.ticket.title': 'Admission ticket',
  'web.ticket.reminderTitle': 'Reminder',
  'web.ticket.reminderBrowser': 'Use Chrome or Edge to download the admission ticket correctly.',
  'web.ticket.reminderPencil': 'Bring a 2B pencil, an eraser and a black pen for the answer sheet.',
  'web.ticket.ok': 'Got it',
  'web.ticket.notApplied': 'You did not apply to this recruitment, so there is no admission ticket',
  'web.ticket.window': 'Ticket printing: {start} to {end}',
  'web.ticket.opensAt': 'Ticket printing opens at {time}',
  'web.ticket.closedAt': 'Ticket printing closed at {time}',
  'web.ticket.notDistributed':
    'Your admission ticket has not been issued yet; watch the recruitment announcements',
  'web.ticket.heading': 'Admission ticket',
  'web.ticket.download': 'Download admission ticket',
  'web.ticket.downloadCount': 'Downloaded {count} time(s)',
  'web.ticket.downloadStarted': 'The download has started; find the file in your browser’s downloads',
  'web.ticket.wechatTitle': 'WeChat cannot download files',
  'web.ticket.wechatGuide':
    'Tap ··· at the top right and choose “Open in browser”, then log in and download the ticket there.',
  'web.ticket.wechatOpen': 'Ticket not opened? Tap here to open it in a new page',
  'web.ticket.help': 'For help, call customer service',
};

export const admissionTicketStrings = stringTable(zh, en);
