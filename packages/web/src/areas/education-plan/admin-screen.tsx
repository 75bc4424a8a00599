import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  PERMISSIONS,
  educationPlanCreateSchema,
  type EducationPlan,
  type EducationPlanQuery,
} from '@tegang/domain';
import {
  createEducationPlan,
  deleteEducationPlan,
  pageEducationPlans,
  updateEducationPlan,
  type EducationPlanPayload,
} from './api';
import { CrudTable, SchemaFormItem, useDictEnum, type CrudConfig } from '../../components/crud';
import { DictSelect, dictLabel, useDict } from '../../components/dict';
import { ProvinceOnly } from '../../components/province-only';

/**
 * Category–education mapping screen (/recruit/educationPlan/index; spec §3 "Category-education
 * mapping", §5, §7): which education levels may apply to each plan category. Writable by province-level
 * accounts only (docs/security.md "Province-wide objects").
 */

interface MappingForm {
  category?: string;
  education?: string[];
}

/** Labels field.category and field.education; rules from the schema the server validates with. */
const F = { schema: educationPlanCreateSchema } as const;

export default function EducationPlanScreen() {
  const { t, i18n } = useTranslation();
  const categories = useDictEnum('recruit_plan_category');
  const { data: educations } = useDict('sys_education');

  const columns: ProColumns<EducationPlan>[] = [
    {
      title: t('field.category'),
      dataIndex: 'category',
      valueType: 'select',
      valueEnum: categories,
      width: 200,
    },
    {
      title: t('field.education'),
      dataIndex: 'education',
      search: false,
      render: (_dom, row) => row.education.map((e) => dictLabel(educations, e, i18n.language)).join('、'),
    },
  ];

  const config: CrudConfig<EducationPlan, MappingForm, EducationPlanQuery, EducationPlanPayload> = {
    name: t('admin.educationPlan.entity'),
    title: t('admin.educationPlan.title'),
    testId: 'education-plan',
    columns,
    api: {
      page: pageEducationPlans,
      create: createEducationPlan,
      update: (payload) => updateEducationPlan(payload as EducationPlanPayload & { id: number }),
      remove: (id) => deleteEducationPlan(Number(id)),
    },
    permissions: {
      add: PERMISSIONS.educationPlan.add,
      edit: PERMISSIONS.educationPlan.edit,
      remove: PERMISSIONS.educationPlan.remove,
    },
    rowLabel: (row) => String(categories.get(row.category)?.text ?? row.category),
    form: {
      initialValues: ({ record }) =>
        record ? { category: record.category, education: record.education } : {},
      toPayload: (values) => ({ category: values.category ?? '', education: values.education ?? [] }),
      fields: (
        <>
          <SchemaFormItem {...F} name="category" required>
            <DictSelect type="recruit_plan_category" data-testid="education-plan-category" />
          </SchemaFormItem>
          <SchemaFormItem {...F} name="education" required>
            <DictSelect type="sys_education" mode="multiple" data-testid="education-plan-education" />
          </SchemaFormItem>
        </>
      ),
    },
  };

  const P = PERMISSIONS.educationPlan;
  return (
    <ProvinceOnly object="educationPlan" writeKeys={[P.add, P.edit, P.remove]}>
      <CrudTable config={config} />
    </ProvinceOnly>
  );
}
