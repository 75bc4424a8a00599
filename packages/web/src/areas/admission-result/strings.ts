import { stringTable } from '../../i18n';

/** Admission results, candidate side (/web/recruit_info). Registered by candidate/strings.ts. */
const zh = {
  'web.recruitInfo.title': '录取结果',
  'web.recruitInfo.opensAt': '成绩查询将于 {time} 开放，届时可查看录取结果',
  'web.recruitInfo.none': '暂无录取结果',
  'web.recruitInfo.scores': '成绩',
  'web.recruitInfo.admission': '录取信息',
};
const en: Record<keyof typeof zh, string> = {
  'web.recruitInfo.title': 'Admission result',
  'web.recruitInfo.opensAt': 'Score query opens at {time}; your result can be read from then on',
  'web.recruitInfo.none': 'No admission result yet',
  'web.recruitInfo.scores': 'Scores',
  'web.recruitInfo.admission': 'Admission',
};

export const admissionResultStrings = stringTable(zh, en);
