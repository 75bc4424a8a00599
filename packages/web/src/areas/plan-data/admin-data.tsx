import { Form, InputNumber, Select } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  PLAN_DATA_STATUS,
  planDataCreateSchema,
  type PlanData,
  type PlanOption,
  type RegionNode,
} from '@tegang/domain';
import { planDataStatusOptions } from './api';
import { SchemaFormItem, useDictEnum, useOptionsEnum } from '../../components/crud';
import { DictSelect } from '../../components/dict';
import { RegionCascader, regionCodesOfValue } from '../../components/region-cascader';

/**
 * The recruit plan data screen's columns and form fields (spec §3 "Recruit plan data": plan,
 * county, category, learning period, subject, demand, status).
 */

/** Labels field.<name>; rules from the schema the server validates with. */
const F = { schema: planDataCreateSchema } as const;

const statusBadge = (value: string) => (value === PLAN_DATA_STATUS.active ? 'Success' : 'Default');

/**
 * The list columns. `plans` fill the plan search; `onPlan` hears the plan chosen there (where an
 * import goes); `regionTree` turns the region picked into the province/city/county filter.
 */
export function usePlanDataColumns(props: {
  plans: PlanOption[];
  regionTree: RegionNode[];
  onPlan: (planId: number | null) => void;
}): ProColumns<PlanData>[] {
  const { t, i18n } = useTranslation();
  const { plans, regionTree } = props;
  const planEnum = new Map(plans.map((p) => [p.id, { text: p.name }]));
  const categories = useDictEnum('recruit_plan_category');
  const periods = useDictEnum('recruit_learning_period');
  const subjects = useDictEnum('recruit_subject');
  const status = useOptionsEnum(
    'planDataStatus',
    async () =>
      (await planDataStatusOptions()).map((o) => ({
        value: o.value,
        label: i18n.language === 'en' && o.labelEn ? o.labelEn : o.label,
      })),
    statusBadge,
  );

  return [
    {
      title: t('field.planId'),
      dataIndex: 'planId',
      valueType: 'select',
      valueEnum: planEnum,
      ellipsis: true,
      width: 220,
      render: (_dom, row) => row.planName,
      // The import goes to the plan chosen here.
      fieldProps: { onChange: (value: number | undefined) => props.onPlan(value ?? null) },
    },
    {
      title: t('admin.planData.region'),
      dataIndex: 'countyCode',
      width: 220,
      render: (_dom, row) => row.regionName,
      renderFormItem: () => <RegionCascader data-testid="plan-data-search-region" />,
      search: {
        // The deepest level picked filters: a city alone finds all its counties' rows.
        transform: (value: string[]) => {
          const codes = regionCodesOfValue(regionTree, value);
          return {
            provinceCode: codes.provinceCode || undefined,
            cityCode: codes.cityCode || undefined,
            countyCode: codes.countyCode || undefined,
          };
        },
      },
    },
    {
      title: t('field.category'),
      dataIndex: 'category',
      valueType: 'select',
      valueEnum: categories,
      width: 130,
    },
    {
      title: t('field.learningPeriod'),
      dataIndex: 'learningPeriod',
      valueType: 'select',
      valueEnum: periods,
      width: 100,
    },
    { title: t('field.subject'), dataIndex: 'subject', valueType: 'select', valueEnum: subjects, width: 120 },
    { title: t('field.demandNumber'), dataIndex: 'demandNumber', search: false, width: 100 },
    {
      title: t('field.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: status.valueEnum,
      width: 90,
    },
  ];
}

/** The add/edit form's fields: the county must be a county (a city alone is refused). */
export function PlanDataFields(props: { plans: PlanOption[]; regionTree: RegionNode[] }) {
  const { t } = useTranslation();
  const { plans, regionTree } = props;
  return (
    <>
      <SchemaFormItem {...F} name="planId" required>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={t('common.pleaseSelect')}
          options={plans.map((p) => ({ value: p.id, label: p.name }))}
          data-testid="plan-data-plan"
        />
      </SchemaFormItem>
      <Form.Item
        name="region"
        label={t('field.countyCode')}
        required
        rules={[
          {
            validator: (_r, value: string[] | undefined) =>
              regionCodesOfValue(regionTree, value).countyCode
                ? Promise.resolve()
                : Promise.reject(
                    new Error(
                      t(value?.length ? 'planData.county.notCounty' : 'rule.required', {
                        label: t('field.countyCode'),
                      }),
                    ),
                  ),
          },
        ]}
      >
        <RegionCascader data-testid="plan-data-region" />
      </Form.Item>
      <SchemaFormItem {...F} name="category" required>
        <DictSelect type="recruit_plan_category" data-testid="plan-data-category" />
      </SchemaFormItem>
      <SchemaFormItem {...F} name="learningPeriod" required>
        <DictSelect type="recruit_learning_period" data-testid="plan-data-period" />
      </SchemaFormItem>
      <SchemaFormItem {...F} name="subject" required>
        <DictSelect type="recruit_subject" data-testid="plan-data-subject" />
      </SchemaFormItem>
      <SchemaFormItem {...F} name="demandNumber" required>
        <InputNumber
          min={0}
          step={1}
          precision={0}
          style={{ width: '100%' }}
          data-testid="plan-data-demand"
        />
      </SchemaFormItem>
    </>
  );
}
