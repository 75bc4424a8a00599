import { App, Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import {
  ProFormDatePicker,
  ProFormDateTimeRangePicker,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
  type ProDescriptionsItemProps,
} from '@ant-design/pro-components';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  checkPlanTimeline,
  cstDate,
  formatDateTime,
  parseInstant,
  PERMISSIONS,
  PLAN_RANGES,
  PLAN_STATUS,
  PLAN_STATUS_TRANSITIONS,
  RECRUIT_PLAN_LABELS,
  type PlanStatus,
  type PlanTimeField,
  type PlanTimeline,
  type RecruitPlan,
} from '@tegang/domain';
import {
  createPlan,
  deletePlan,
  deletePlans,
  getPlan,
  pagePlans,
  planStatusOptions,
  updatePlan,
  updatePlanStatus,
  type PlanPayload,
  type PlanQuery,
} from '../../api/recruit-plan';
import {
  ACTION_STYLE,
  CrudTable,
  useOptionsEnum,
  type CrudConfig,
  type FormFieldIssue,
} from '../../components/crud';
import { required } from '../../components/rules';

/**
 * Recruit plan screen (/recruit/recruitPlan/index; spec §2 "Recruit plan", §4, §5 "Recruit plan",
 * §7 "Recruit plan") as a CRUD config.
 */

/** The form's range fields: one picker per PLAN_RANGES entry, named after its label ('planTime' …). */
const RANGES = PLAN_RANGES.map(([start, end, label]) => ({
  start,
  end,
  label,
  name: label.slice('field.'.length),
}));
const RANGE_OF_FIELD = new Map<string, string>(
  RANGES.flatMap((r) => [[r.start, r.name] as const, [r.end, r.name] as const]),
);

type PlanForm = {
  name: string;
  year: Dayjs | string;
  company: string;
  limitBirth: Dayjs | string;
  customerServicePhone?: string;
  serviceCenter?: string;
} & Record<string, unknown>;

/** An instant as the picker shows it: China Standard Time wall clock (the programme's zone). */
const toPicker = (iso: string) => dayjs(formatDateTime(iso));
/**
 * The picker's wall clock read as China Standard Time, as an ISO instant. ProForm hands range values
 * over as formatted strings and single dates as Dayjs: both are accepted.
 */
const fromPicker = (d: Dayjs | string) =>
  new Date(parseInstant(dayjs(d).format('YYYY-MM-DD HH:mm:ss'))!).toISOString();
/** A date field's value as 'YYYY-MM-DD' (or 'YYYY' with `format`). */
const dayOf = (d: Dayjs | string | undefined, format = 'YYYY-MM-DD') =>
  d ? dayjs(d).format(format) : undefined;
const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

const statusBadge = (value: string) =>
  value === PLAN_STATUS.open ? 'Success' : value === PLAN_STATUS.closed ? 'Error' : 'Default';

function timelineOf(values: PlanForm): PlanTimeline | null {
  const timeline: Partial<PlanTimeline> = {};
  for (const r of RANGES) {
    const range = values[r.name] as [Dayjs | string, Dayjs | string] | undefined;
    if (!range?.[0] || !range?.[1]) return null;
    timeline[r.start] = fromPicker(range[0]);
    timeline[r.end] = fromPicker(range[1]);
  }
  return timeline as PlanTimeline;
}

export default function RecruitPlanPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const status = useOptionsEnum('recruitPlanStatus', planStatusOptions, statusBadge);
  const statusLabel = (value: string) => status.options.find((o) => o.value === value)?.label ?? value;

  const notFuture: Rule = {
    validator: (_r, value: Dayjs | undefined) =>
      value && dayOf(value)! > cstDate()
        ? Promise.reject(new Error(t('plan.limitBirth.future')))
        : Promise.resolve(),
  };

  const changeStatus = (row: RecruitPlan, next: PlanStatus, reload: () => void) =>
    modal.confirm({
      title: t('common.warning'),
      content: t('admin.plan.statusConfirm', { name: row.name, status: statusLabel(next) }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'plan-status-ok' },
      onOk: async () => {
        try {
          const res = await updatePlanStatus(row.id, next);
          message.success(res.msg || t('common.success'));
          reload();
        } catch {
          // shown by the request client
        }
      },
    });

  const range = (start: PlanTimeField, end: PlanTimeField) => (row: RecruitPlan) =>
    row[start] && row[end] ? `${formatDateTime(row[start])} ~ ${formatDateTime(row[end])}` : '-';

  const columns: ProColumns<RecruitPlan>[] = [
    {
      title: t('field.recruitPlan.name'),
      dataIndex: 'name',
      ellipsis: true,
      width: 260,
      fieldProps: { maxLength: 100 },
    },
    {
      title: t('field.year'),
      dataIndex: 'year',
      valueType: 'dateYear',
      width: 80,
      render: (_dom, row) => row.year,
    },
    { title: t('field.company'), dataIndex: 'company', search: false, ellipsis: true, width: 160 },
    { title: t('field.limitBirth'), dataIndex: 'limitBirth', search: false, width: 120 },
    {
      title: t('field.planTime'),
      key: 'planTime',
      search: false,
      width: 290,
      render: (_dom, row) => range('startTime', 'endTime')(row),
    },
    {
      title: t('field.enrollTime'),
      key: 'enrollTime',
      search: false,
      width: 290,
      render: (_dom, row) => range('enrollStartTime', 'enrollEndTime')(row),
    },
    {
      title: t('field.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: status.valueEnum,
      width: 100,
    },
  ];

  const detailItem = (
    title: string,
    render: (row: RecruitPlan) => React.ReactNode,
    span = 1,
  ): ProDescriptionsItemProps<RecruitPlan> => ({ title, span, render: (_dom, row) => render(row) });

  const config: CrudConfig<RecruitPlan, PlanForm, Omit<PlanQuery, 'current' | 'size'>> = {
    name: t('admin.plan.entity'),
    title: t('admin.plan.title'),
    testId: 'plan',
    columns,
    api: {
      page: pagePlans,
      get: (id) => getPlan(Number(id)),
      create: (payload: PlanPayload) => createPlan(payload),
      update: (payload: PlanPayload & { id: number }) => updatePlan(payload),
      remove: (id) => deletePlan(Number(id)),
      removeMany: (ids) => deletePlans(ids.map(Number)),
    },
    permissions: {
      add: PERMISSIONS.recruitPlan.add,
      edit: PERMISSIONS.recruitPlan.edit,
      remove: PERMISSIONS.recruitPlan.remove,
      detail: PERMISSIONS.recruitPlan.query,
    },
    // spec §2, §4: only unpublished plans (status 0) are selectable and deletable.
    rowSelectable: (row) => row.status === PLAN_STATUS.draft,
    rowRemovable: (row) => row.status === PLAN_STATUS.draft,
    rowLabel: (row) => row.name,
    actionsWidth: 270,
    rowActions: (row, ctx) => {
      const next = PLAN_STATUS_TRANSITIONS[row.status] ?? [];
      if (!ctx.can(PERMISSIONS.recruitPlan.status) || !next.length) return [];
      return [
        <Dropdown
          key="status"
          trigger={['click']}
          menu={{
            items: next.map((s) => ({
              key: s,
              label: <span data-testid={`plan-status-${s}`}>{statusLabel(s)}</span>,
            })),
            onClick: ({ key }) => changeStatus(row, key as PlanStatus, ctx.reload),
          }}
        >
          <Button type="link" size="small" style={ACTION_STYLE} data-testid="plan-status">
            {t('admin.plan.changeStatus')} <DownOutlined />
          </Button>
        </Dropdown>,
      ];
    },
    form: {
      labelWidth: 132,
      initialValues: ({ record }) =>
        record
          ? {
              name: record.name,
              year: dayjs(`${record.year}-01-01`),
              company: record.company,
              limitBirth: dayjs(record.limitBirth),
              customerServicePhone: record.customerServicePhone ?? undefined,
              serviceCenter: record.serviceCenter ?? undefined,
              ...Object.fromEntries(
                RANGES.map((r) => [r.name, [toPicker(record[r.start]), toPicker(record[r.end])]]),
              ),
            }
          : {},
      toPayload: (values) => ({
        name: values.name.trim(),
        year: dayOf(values.year, 'YYYY'),
        company: values.company.trim(),
        limitBirth: dayOf(values.limitBirth),
        ...timelineOf(values),
        customerServicePhone: values.customerServicePhone?.trim() || null,
        serviceCenter: values.serviceCenter?.trim() || null,
      }),
      // spec §5: the timeline rules of the domain, shown on the range they concern.
      validate: (values) => {
        const timeline = timelineOf(values);
        if (!timeline) return [];
        return checkPlanTimeline({ ...timeline, limitBirth: dayOf(values.limitBirth) }).map(
          (issue): FormFieldIssue => ({
            name: RANGE_OF_FIELD.get(issue.field) ?? issue.field,
            message: t(
              issue.message,
              Object.fromEntries(Object.entries(issue.params ?? {}).map(([k, v]) => [k, t(v)])),
            ),
          }),
        );
      },
      fieldName: (field) => RANGE_OF_FIELD.get(field) ?? field,
      fields: (
        <>
          <ProFormText
            name="name"
            label={t(RECRUIT_PLAN_LABELS.name!)}
            rules={[required('field.recruitPlan.name')]}
            fieldProps={{ maxLength: 100, 'data-testid': 'plan-name' }}
          />
          <ProFormDatePicker.Year name="year" label={t('field.year')} rules={[required('field.year')]} />
          <ProFormText
            name="company"
            label={t('field.company')}
            rules={[required('field.company')]}
            fieldProps={{ maxLength: 100 }}
          />
          <ProFormDatePicker
            name="limitBirth"
            label={t('field.limitBirth')}
            rules={[required('field.limitBirth'), notFuture]}
            fieldProps={{ disabledDate: (d: Dayjs) => d.format('YYYY-MM-DD') > cstDate() }}
          />
          {RANGES.map((r) => (
            <ProFormDateTimeRangePicker
              key={r.name}
              name={r.name}
              label={t(r.label)}
              rules={[
                required(
                  r.label,
                  r.start === 'enrollStartTime' ? 'plan.enrollTime.required' : 'rule.required',
                ),
              ]}
              fieldProps={{
                format: DATE_TIME_FORMAT,
                showTime: { format: 'HH:mm' },
                style: { width: '100%' },
              }}
            />
          ))}
          <ProFormText
            name="customerServicePhone"
            label={t('field.customerServicePhone')}
            fieldProps={{ maxLength: 50 }}
          />
          <ProFormTextArea
            name="serviceCenter"
            label={t('field.serviceCenter')}
            fieldProps={{ maxLength: 5000, autoSize: { minRows: 3, maxRows: 8 } }}
          />
        </>
      ),
    },
    detail: {
      groups: [
        {
          title: t('section.basic'),
          columns: [
            detailItem(t('field.recruitPlan.name'), (r) => r.name, 2),
            detailItem(t('field.year'), (r) => r.year),
            detailItem(t('field.status'), (r) => statusLabel(r.status)),
            detailItem(t('field.company'), (r) => r.company),
            detailItem(t('field.limitBirth'), (r) => r.limitBirth),
            detailItem(t('field.customerServicePhone'), (r) => r.customerServicePhone || '-', 2),
            detailItem(
              t('field.serviceCenter'),
              // sanitised by the server when saved (DESIGN: sanitize-html)
              (r) => (r.serviceCenter ? <div dangerouslySetInnerHTML={{ __html: r.serviceCenter }} /> : '-'),
              2,
            ),
          ],
        },
        {
          title: t('admin.plan.schedule'),
          column: 1,
          columns: RANGES.map((r) => detailItem(t(r.label), range(r.start, r.end))),
        },
      ],
    },
  };

  return <CrudTable config={config} />;
}
