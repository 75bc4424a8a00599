import { stringTable } from '../../i18n';

/** Admission tickets (candidate side; not open yet). Registered by the sides' string lists (admin/strings.ts, candidate/strings.ts). */
const zh = {
  'web.ticket.title': '准考证下载',
  'web.ticket.notOpen': '准考证打印尚未开放，请留意招聘公告',
  'web.ticket.reminderTitle': '温馨提示',
  'web.ticket.reminderBrowser': '请使用 Chrome 或 Edge 浏览器下载准考证，以确保正确下载。',
  'web.ticket.reminderPencil': '参加考试请携带 2B 铅笔、橡皮和黑色签字笔，用于填涂答题卡。',
  'web.ticket.ok': '我知道了',
};
const en: Record<keyof typeof zh, string> = {
  'web.ticket.title': 'Admission ticket',
  'web.ticket.notOpen': 'Ticket printing is not open yet; watch the recruitment announcements',
  'web.ticket.reminderTitle': 'Reminder',
  'web.ticket.reminderBrowser': 'Use Chrome or Edge to download the admission ticket correctly.',
  'web.ticket.reminderPencil': 'Bring a 2B pencil, an eraser and a black pen for the answer sheet.',
  'web.ticket.ok': 'Got it',
};

export const admissionTicketStrings = stringTable(zh, en);
