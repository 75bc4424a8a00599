import { stringTable } from '../../i18n';

/** The category–education mapping screen (/recruit/educationPlan/index). Registered in admin/strings.ts. */
const zh = {
  'admin.educationPlan.entity': '类别学历对应',
  'admin.educationPlan.title': '类别学历对应列表',
};
const en: Record<keyof typeof zh, string> = {
  'admin.educationPlan.entity': 'category–education mapping',
  'admin.educationPlan.title': 'Category–education mappings',
};

export const educationPlanStrings = stringTable(zh, en);
