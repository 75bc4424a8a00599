/** The dictionary types of spec §3 "Dictionary types used". Items are seeded from national standards. */
export const DICT_TYPES = [
  'recruit_learning_period',
  'recruit_subject',
  'sys_yes_no',
  'sys_user_sex',
  'sys_marital_status',
  'sys_nation',
  'sys_political',
  'sys_education',
  'recruit_freshmen_type',
  'recruit_teacher_certification',
  'recruit_teacher_certification_type',
  'recruit_priority_content_type',
  'recruit_plan_category',
] as const;
export type DictType = (typeof DICT_TYPES)[number];

/** A dictionary item as GET /admin/dictItem/listDictItem/{type} returns it. */
export interface DictItem {
  label: string;
  labelEn: string | null;
  value: string;
  isDefault: 'Y' | 'N';
  sort: number;
}
