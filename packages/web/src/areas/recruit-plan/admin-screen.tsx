import { useState } from 'react';
import { Button, DatePicker, Dropdown, Form, Space, Typography } from 'antd';
import { DownOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ProFormDatePicker,
  ProFormDateTimeRangePicker,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
  type ProDescriptionsItemProps,
} from '@ant-design/pro-components';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  cstDate,
  formatDateTime,
  PERMISSIONS,
  PLAN_STATUS,
  PLAN_STATUS_TRANSITIONS,
  RECRUIT_PLAN_LABELS,
  type PlanStatus,
  type PlanTimeField,
  type RecruitPlan,
  maxLengthsOf,
  recruitPlanCreateSchema,
  recruitPlanQuerySchema,
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
} from './api';
import {
  DATE_TIME_FORMAT,
  RANGES,
  RANGE_OF_FIELD,
  dayOf,
  duplicateEducations,
  planToForm,
  planToPayload,
  timelineIssues,
  type BirthLimitRow,
  type PlanForm,
} from './plan-form';
import { DictSelect, dictLabel, useDict } from '../../components/dict';
import { ACTION_STYLE, CrudTable, useActions, useOptionsEnum, type CrudConfig } from '../../components/crud';
import { ProvinceOnly } from '../../components/province-only';
import { required } from '../../components/rules';
import { SafeHtml } from '../../components/safe-html';
import { closeBlockedReason, PlanPhaseCell } from './plan-phase';
import { SmsNoticeDialog } from './sms-notice-dialog';

/** Input limits read from the schema the server validates with. */
const PLAN_MAX = maxLengthsOf(recruitPlanCreateSchema);
const QUERY_MAX = maxLengthsOf(recruitPlanQuerySchema);

/**
 * Recruit plan screen (/recruit/recruitPlan/index; spec §2 "Recruit plan", §4, §5 "Recruit plan",
 * §7 "Recruit plan") as a CRUD config. Writable by province-level accounts only (docs/security.md
 * "Province-wide objects").
 */

const statusBadge = (value: string) =>
  value === PLAN_STATUS.open ? 'Success' : value === PLAN_STATUS.closed ? 'Error' : 'Default';

export default function RecruitPlanPage() {
  const { t, i18n } = useTranslation();
  const actions = useActions();
  // The plan whose SMS notices are open, and the permission check of the row that opened it.
  const [notices, setNotices] = useState<{ plan: RecruitPlan; can: (key: string) => boolean } | null>(null);
  const status = useOptionsEnum('recruitPlanStatus', planStatusOptions, statusBadge);
  const statusLabel = (value: string) => status.options.find((o) => o.value === value)?.label ?? value;

  const notFuture: Rule = {
    validator: (_r, value: Dayjs | undefined) =>
      value && dayOf(value)! > cstDate()
        ? Promise.reject(new Error(t('plan.limitBirth.future')))
        : Promise.resolve(),
  };

  const education = useDict('sys_education');
  const educationLabel = (code: string) => dictLabel(education.data, code, i18n.language);
  // Each education at most once (the payload is a map education → date).
  const distinctEducations = {
    validator: async (_r: unknown, rows: BirthLimitRow[] | undefined) => {
      const twice = duplicateEducations(rows);
      return twice.length
        ? Promise.reject(
            new Error(t('admin.plan.birthLimits.duplicate', { education: educationLabel(twice[0]!) })),
          )
        : Promise.resolve();
    },
  };
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

  const changeStatus = (row: RecruitPlan, next: PlanStatus, reload: () => void) =>
    actions.confirm({
      content: t('admin.plan.statusConfirm', { name: row.name, status: statusLabel(next) }),
      okTestId: 'plan-status-ok',
      call: () => updatePlanStatus(row.id, next),
      reload,
    });

  const range = (start: PlanTimeField, end: PlanTimeField) => (row: RecruitPlan) =>
    row[start] && row[end] ? `${formatDateTime(row[start])} ~ ${formatDateTime(row[end])}` : '-';

  const columns: ProColumns<RecruitPlan>[] = [
    {
      title: t('field.recruitPlan.name'),
      dataIndex: 'name',
      ellipsis: true,
      width: 260,
      fieldProps: { maxLength: QUERY_MAX.name },
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
      title: t('field.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: status.valueEnum,
      width: 100,
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
      // toPayload below builds the payload; the form rules guarantee its timeline
      create: (payload) => createPlan(payload as PlanPayload),
      update: (payload) => updatePlan(payload as PlanPayload & { id: number }),
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
      const notify = ctx.can(PERMISSIONS.recruitPlan.notify)
        ? [
            <Button
              key="sms"
              type="link"
              size="small"
              style={ACTION_STYLE}
              onClick={() => setNotices({ plan: row, can: ctx.can })}
              data-testid="plan-sms-notice"
            >
              {t('admin.smsNotice.action')}
            </Button>,
          ]
        : [];
      if (!ctx.can(PERMISSIONS.recruitPlan.status) || !next.length) return notify;
      // 已结束 is archiving after the last stage (domain planArchivable; the server refuses it too).
      const closeBlocked = closeBlockedReason(row, new Date(), t);
      return [
        ...notify,
        <Dropdown
          key="status"
          trigger={['click']}
          menu={{
            items: next.map((s) => {
              const blocked = s === PLAN_STATUS.closed ? closeBlocked : null;
              return {
                key: s,
                disabled: Boolean(blocked),
                label: (
                  <span data-testid={`plan-status-${s}`}>
                    {statusLabel(s)}
                    {blocked && (
                      <Typography.Text
                        type="secondary"
                        data-testid="plan-close-blocked"
                        style={{ display: 'block', maxWidth: 320, fontSize: 12, whiteSpace: 'normal' }}
                      >
                        {blocked}
                      </Typography.Text>
                    )}
                  </span>
                ),
              };
            }),
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
      initialValues: ({ record }) => (record ? planToForm(record) : {}),
      toPayload: planToPayload,
      // spec §5: the timeline rules of the domain, shown on the range they concern.
      validate: (values) => timelineIssues(values, t),
      fieldName: (field) => RANGE_OF_FIELD.get(field) ?? field,
      fields: (
        <>
          <ProFormText
            name="name"
            label={t(RECRUIT_PLAN_LABELS.name!)}
            rules={[required('field.recruitPlan.name')]}
            fieldProps={{ maxLength: PLAN_MAX.name, 'data-testid': 'plan-name' }}
          />
          <ProFormDatePicker.Year name="year" label={t('field.year')} rules={[required('field.year')]} />
          <ProFormText
            name="company"
            label={t('field.company')}
            rules={[required('field.company')]}
            fieldProps={{ maxLength: PLAN_MAX.company }}
          />
          <ProFormDatePicker
            name="limitBirth"
            label={t('field.limitBirth')}
            rules={[required('field.limitBirth'), notFuture]}
            fieldProps={{ disabledDate: (d: Dayjs) => d.format('YYYY-MM-DD') > cstDate() }}
          />
          {/* Age limits per education; an education not listed uses limitBirth. */}
          <Form.Item
            label={t(RECRUIT_PLAN_LABELS.birthLimits!)}
            tooltip={t('admin.plan.birthLimits.help')}
            required={false}
          >
            <Form.List name="birthLimits" rules={[distinctEducations]}>
              {(rows, { add, remove }, { errors }) => (
                <>
                  {rows.map((row) => (
                    <Space key={row.key} align="baseline" wrap data-testid="plan-birth-limit">
                      <Form.Item
                        name={[row.name, 'education']}
                        rules={[required('field.education')]}
                        style={{ marginBottom: 8 }}
                      >
                        <DictSelect type="sys_education" style={{ width: 200 }} />
                      </Form.Item>
                      <Form.Item
                        name={[row.name, 'date']}
                        rules={[required('field.limitBirth'), notFuture]}
                        style={{ marginBottom: 8 }}
                      >
                        <DatePicker disabledDate={(d: Dayjs) => d.format('YYYY-MM-DD') > cstDate()} />
                      </Form.Item>
                      <MinusCircleOutlined
                        aria-label={t('common.delete')}
                        onClick={() => remove(row.name)}
                        data-testid="plan-birth-limit-remove"
                      />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({})}
                    data-testid="plan-birth-limit-add"
                  >
                    {t('admin.plan.birthLimits.add')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </>
              )}
            </Form.List>
          </Form.Item>
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
            fieldProps={{ maxLength: PLAN_MAX.customerServicePhone }}
          />
          <ProFormTextArea
            name="serviceCenter"
            label={t('field.serviceCenter')}
            fieldProps={{ maxLength: PLAN_MAX.serviceCenter, autoSize: { minRows: 3, maxRows: 8 } }}
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
          columns: RANGES.map((r) => detailItem(t(r.label), range(r.start, r.end))),
        },
      ],
    },
  };

  const P = PERMISSIONS.recruitPlan;
  return (
    <ProvinceOnly object="recruitPlan" writeKeys={[P.add, P.edit, P.remove, P.status]}>
      <CrudTable config={config} />
      <SmsNoticeDialog
        plan={notices?.plan ?? null}
        can={notices?.can ?? (() => false)}
        onClose={() => setNotices(null)}
      />
    </ProvinceOnly>
  );
}
