import { stringTable } from '../../i18n';

/** Admission results (candidate side; not published yet). Registered by the sides' string lists (admin/strings.ts, candidate/strings.ts). */
const zh = {
  'web.recruitInfo.title': '录取结果',
  'web.recruitInfo.notOpen': '录取结果尚未发布，请留意招聘公告',
};
const en: Record<keyof typeof zh, string> = {
  'web.recruitInfo.title': 'Admission result',
  'web.recruitInfo.notOpen': 'Results are not published yet; watch the recruitment announcements',
};

export const admissionResultStrings = stringTable(zh, en);
