import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { ProColumns, ProDescriptionsItemProps } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  maxLengthsOf,
  PLAN_STATUS,
  RECRUIT_PLAN_LABELS,
  recruitPlanQuerySchema,
  retentionEnd,
  type PlanTimeField,
  type RecruitPlan,
} from '@tegang/domain';
import { planStatusOptions } from './api';
import { RANGES } from './plan-form';
import { PlanPhaseCell } from './plan-phase';
import { SmsNoticeOffTag } from './sms-notice-off';
import { dictLabel, useDict } from '../../components/dict';
import { useOptionsEnum, type CrudDetail } from '../../components/crud';
import { SafeHtml } from '../../components/safe-html';

/**
 * The recruit plan screen's columns and detail groups (spec §2 "Recruit plan": name, year, phase,
 * status, company, birth limits, plan and enrolment times; the detail with the schedule).
 */

/** Input limits read from the schema the server validates with. */
const QUERY_MAX = maxLengthsOf(recruitPlanQuerySchema);

const statusBadge = (value: string) =>
  value === PLAN_STATUS.open ? 'Success' : value === PLAN_STATUS.closed ? 'Error' : 'Default';

/** A time range of a plan as text ('-' while unset). */
const range = (start: PlanTimeField, end: PlanTimeField) => (row: RecruitPlan) =>
  row[start] && row[end] ? `${formatDateTime(row[start])} ~ ${formatDateTime(row[end])}` : '-';

const detailItem = (
  title: string,
  render: (row: RecruitPlan) => ReactNode,
  span = 1,
): ProDescriptionsItemProps<RecruitPlan> => ({ title, span, render: (_dom, row) => render(row) });

/**
 * The list columns, the detail groups and `statusLabel` (a status code's label, in the UI language)
 * of the recruit plan screen.
 */
export function usePlanData(): {
  columns: ProColumns<RecruitPlan>[];
  detail: CrudDetail<RecruitPlan>;
  statusLabel: (value: string) => string;
} {
  const { t, i18n } = useTranslation();
  const status = useOptionsEnum('recruitPlanStatus', planStatusOptions, statusBadge);
  const statusLabel = (value: string) => status.options.find((o) => o.value === value)?.label ?? value;
  const education = useDict('sys_education');
  const educationLabel = (code: string) => dictLabel(education.data, code, i18n.language);
  const birthLimitsText = (limits: Record<string, string> | undefined) => {
    const entries = Object.entries(limits ?? {});
    if (!entries.length) return t('admin.plan.birthLimits.none');
    return (
      <Space direction="vertical" size={0}>
        {entries.map(([code, date]) => (
          <span key={code}>{t('enroll.birthLimit.line', { education: educationLabel(code), date })}</span>
        ))}
      </Space>
    );
  };

  const columns: ProColumns<RecruitPlan>[] = [
    {
      title: t('field.recruitPlan.name'),
      dataIndex: 'name',
      ellipsis: true,
      width: 260,
      fieldProps: { maxLength: QUERY_MAX.name },
      // The name keeps its room; the warning while the plan's SMS notices are off stays in view.
      render: (_dom, row) => (
        <span style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{row.name}</span>
          <SmsNoticeOffTag plan={row} />
        </span>
      ),
    },
    {
      title: t('field.year'),
      dataIndex: 'year',
      valueType: 'dateYear',
      width: 80,
      render: (_dom, row) => row.year,
    },
    {
      // Where the cycle stands, from the timeline (the manual status alone read 报名中 to the end);
      // beside the name so that it stays in view at 1440 px.
      title: t('admin.plan.phase'),
      key: 'phase',
      search: false,
      width: 170,
      render: (_dom, row) => <PlanPhaseCell plan={row} now={new Date()} />,
    },
    {
      // spec §2 "status (search dropdown)": the manual status (未发布 / 报名中 / 已结束), searchable,
      // beside the stage the timeline gives, so that both read at once and differ visibly (a badge
      // here, a tag there).
      title: t('field.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: status.valueEnum,
      width: 100,
      fieldProps: { 'data-testid': 'plan-search-status' },
      render: (dom, row) => (
        <span data-testid="plan-status-cell" data-status={row.status}>
          {dom}
        </span>
      ),
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
  ];

  const detail: CrudDetail<RecruitPlan> = {
    groups: [
      {
        title: t('section.basic'),
        columns: [
          detailItem(t('field.recruitPlan.name'), (r) => r.name, 2),
          detailItem(t('field.year'), (r) => r.year),
          detailItem(t('field.status'), (r) => statusLabel(r.status)),
          detailItem(t('admin.plan.phase'), (r) => <PlanPhaseCell plan={r} now={new Date()} />),
          detailItem(t('field.company'), (r) => r.company),
          detailItem(t('field.limitBirth'), (r) => r.limitBirth),
          detailItem(t(RECRUIT_PLAN_LABELS.birthLimits!), (r) => birthLimitsText(r.birthLimits), 2),
          detailItem(t('field.customerServicePhone'), (r) => r.customerServicePhone || '-', 2),
          detailItem(
            t('field.serviceCenter'),
            // The one rich-text policy: sanitised by the server when saved, rendered by SafeHtml.
            (r) => (r.serviceCenter ? <SafeHtml html={r.serviceCenter} /> : '-'),
            2,
          ),
        ],
      },
      {
        title: t('admin.plan.schedule'),
        column: 1,
        columns: [
          ...RANGES.map((r) => detailItem(t(r.label), range(r.start, r.end))),
          // The retention of personal data counts from the list-publication end (docs/security.md "Retention").
          detailItem(t(RECRUIT_PLAN_LABELS.retentionYears!), (r) =>
            t('admin.retention.detail', {
              years: r.retentionYears,
              date: formatDateTime(retentionEnd(r.listPublishedEndTime, r.retentionYears)),
            }),
          ),
          detailItem(t('admin.retention.purgeTime'), (r) =>
            r.purgeTime ? formatDateTime(r.purgeTime) : '-',
          ),
        ],
      },
    ],
  };
  return { columns, detail, statusLabel };
}
