import { Select } from 'antd';
import type { ProColumns, ProDescriptionsItemProps } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PERMISSIONS,
  formatDateTime,
  instructionCreateSchema,
  type Instruction,
  type InstructionType,
} from '@tegang/domain';
import {
  createInstruction,
  deleteInstruction,
  deleteInstructions,
  getInstruction,
  instructionTypeOptions,
  pageInstructions,
  updateInstruction,
  type InstructionListQuery,
  type InstructionPayload,
} from './api';
import { listPlanOptions } from '../recruit-plan/api';
import { CrudTable, SchemaFormItem, useOptionsEnum, type CrudConfig } from '../../components/crud';
import { RichTextEditor } from '../../components/rich-text-editor';
import { SafeHtml } from '../../components/safe-html';
import { ProvinceOnly } from '../../components/province-only';
import { htmlExcerpt } from './excerpt';

/**
 * Instruction screen (/recruit/instruction/index; spec §3 "Instruction", §5 "Required on blur", §7
 * "Instructions") as a CRUD config: the list (plan, type, a plain-text excerpt), the add/edit dialog
 * with the rich-text editor (widened for it), the detail rendering the sanitised HTML. Writable by
 * province-level accounts only (docs/security.md "Province-wide objects").
 */

/** The form's values. */
interface InstructionForm {
  planId?: number;
  type?: InstructionType;
  context?: string;
}

/** The add/edit dialog is wider than the usual 650 px so that the editor has room. */
const DIALOG_WIDTH = 900;

const F = { schema: instructionCreateSchema, entity: 'instruction' } as const;

export default function InstructionPage() {
  const { t } = useTranslation();
  const plans = useQuery({
    queryKey: ['recruitPlan', 'options'],
    queryFn: listPlanOptions,
    staleTime: 60_000,
  });
  const types = useOptionsEnum('instructionType', instructionTypeOptions);
  const planOptions = (plans.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.year}）` }));
  const planEnum = new Map((plans.data ?? []).map((p) => [p.id, { text: p.name }]));
  const typeLabel = (value: string) => types.options.find((o) => o.value === value)?.label ?? value;

  const columns: ProColumns<Instruction>[] = [
    {
      title: t('field.instruction.planId'),
      dataIndex: 'planId',
      valueType: 'select',
      valueEnum: planEnum,
      fieldProps: { showSearch: true, optionFilterProp: 'label', 'data-testid': 'instruction-search-plan' },
      ellipsis: true,
      width: 240,
      render: (_dom, row) => row.planName ?? '-',
    },
    {
      title: t('field.instruction.type'),
      dataIndex: 'type',
      valueType: 'select',
      valueEnum: types.valueEnum,
      width: 130,
    },
    {
      title: t('admin.instruction.excerpt'),
      key: 'excerpt',
      search: false,
      ellipsis: true,
      render: (_dom, row) => htmlExcerpt(row.context) || '-',
    },
    {
      title: t('field.updateTime'),
      dataIndex: 'updateTime',
      search: false,
      width: 170,
      render: (_dom, row) => formatDateTime(row.updateTime),
    },
  ];

  const detailItem = (
    title: string,
    render: (row: Instruction) => React.ReactNode,
    span = 1,
  ): ProDescriptionsItemProps<Instruction> => ({ title, span, render: (_dom, row) => render(row) });

  const config: CrudConfig<
    Instruction,
    InstructionForm,
    Omit<InstructionListQuery, 'current' | 'size'>,
    InstructionPayload
  > = {
    name: t('admin.instruction.entity'),
    title: t('admin.instruction.title'),
    testId: 'instruction',
    columns,
    api: {
      page: pageInstructions,
      get: (id) => getInstruction(Number(id)),
      create: createInstruction,
      update: updateInstruction,
      remove: (id) => deleteInstruction(Number(id)),
      removeMany: (ids) => deleteInstructions(ids.map(Number)),
    },
    permissions: {
      add: PERMISSIONS.instruction.add,
      edit: PERMISSIONS.instruction.edit,
      remove: PERMISSIONS.instruction.remove,
      detail: PERMISSIONS.instruction.query,
    },
    rowLabel: (row) => `${row.planName ?? ''} ${typeLabel(row.type)}`.trim(),
    form: {
      width: DIALOG_WIDTH,
      labelWidth: 100,
      initialValues: ({ record }) =>
        record ? { planId: record.planId, type: record.type, context: record.context } : {},
      // The field rules (the schema's) have checked each value before this runs.
      toPayload: (values) => ({
        planId: values.planId!,
        type: values.type!,
        context: values.context ?? '',
      }),
      fields: (
        <>
          <SchemaFormItem {...F} name="planId" required>
            <Select
              showSearch
              options={planOptions}
              optionFilterProp="label"
              loading={plans.isLoading}
              placeholder={t('common.pleaseSelect')}
              data-testid="instruction-plan"
            />
          </SchemaFormItem>
          <SchemaFormItem {...F} name="type" required>
            <Select
              options={types.options}
              placeholder={t('common.pleaseSelect')}
              data-testid="instruction-type"
            />
          </SchemaFormItem>
          <SchemaFormItem {...F} name="context" required>
            <RichTextEditor testId="instruction-context" />
          </SchemaFormItem>
        </>
      ),
    },
    detail: {
      width: DIALOG_WIDTH,
      groups: [
        {
          title: t('section.basic'),
          columns: [
            detailItem(t('field.instruction.planId'), (r) => r.planName ?? '-'),
            detailItem(t('field.instruction.type'), (r) => typeLabel(r.type)),
            detailItem(t('field.updateTime'), (r) => formatDateTime(r.updateTime), 2),
            // Sanitised by the server on save; SafeHtml renders only whitelisted markup anyway.
            detailItem(t('field.instruction.context'), (r) => <SafeHtml html={r.context} />, 2),
          ],
        },
      ],
    },
  };

  const P = PERMISSIONS.instruction;
  return (
    <ProvinceOnly object="instruction" writeKeys={[P.add, P.edit, P.remove]}>
      <CrudTable config={config} />
    </ProvinceOnly>
  );
}
