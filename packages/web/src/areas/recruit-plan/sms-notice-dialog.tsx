import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Switch, Table, Tabs, Tooltip, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  JOB_STATUS,
  jobFinished,
  PERMISSIONS,
  SMS_NOTICE_MAX_ATTEMPTS,
  type SmsNoticeCount,
  type SmsNoticeEvent,
  type SmsNoticeFailure,
  type SmsNoticeJobView,
  type SmsNoticeTemplate,
} from '@tegang/domain';
import { useActions } from '../../components/crud';
import { JobProgressBar, useJobProgress } from '../../components/jobs/use-job-progress';
import { useProvinceOnlyReason } from '../../components/province-only';
import {
  getNoticeJob,
  getNoticeTemplates,
  getPlanNotices,
  pageNoticeFailures,
  saveNoticeTemplates,
  sendPlanNotice,
  setPlanNotices,
} from './sms-notice-api';

/**
 * The SMS notices of one plan (docs/decisions.md "SMS notices to candidates"), opened from the
 * plan list's row action or the audit screen's warning: the plan's switch (province-level accounts;
 * a warning while it is off; turning it on answers the catch-up job), per event how many notices
 * were sent, failed (and wait for a retry), are sending and wait, within the caller's region; a send
 * per event after a confirmation that names the count (the results notice is sent only from here);
 * the progress bar and one status line of the one job followed (the last one started here, else the
 * plan's newest); the failed notices with the provider's error; and, with the template key, the
 * templates of every plan. Test ids `sms-notice-*`.
 */
export function SmsNoticeDialog(props: {
  plan: { id: number; name: string } | null;
  can: (key: string) => boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { plan } = props;
  return (
    <Modal
      open={!!plan}
      title={plan ? t('admin.smsNotice.title', { plan: plan.name }) : ''}
      width={880}
      destroyOnHidden
      onCancel={props.onClose}
      footer={
        <Button onClick={props.onClose} data-testid="sms-notice-close">
          {t('admin.smsNotice.close')}
        </Button>
      }
    >
      {plan && (
        <Tabs
          items={[
            {
              key: 'plan',
              label: t('admin.smsNotice.action'),
              children: <PlanNotices planId={plan.id} />,
            },
            ...(props.can(PERMISSIONS.recruitPlan.smsTemplate)
              ? [{ key: 'templates', label: t('admin.smsNotice.templates'), children: <Templates /> }]
              : []),
          ]}
        />
      )}
    </Modal>
  );
}

/** The job the dialog follows: its id, what started it, and what to show before its first answer. */
interface Followed {
  id: number;
  /** A send of one event, the switch's catch-up, or the plan's newest job when the dialog opened. */
  origin: { kind: 'send'; event: SmsNoticeEvent } | { kind: 'catchUp' } | { kind: 'last' };
  initial: SmsNoticeJobView | null;
}

/** A job as it stands before its first poll: queued with its total. */
const queuedJob = (total: number, message: string): SmsNoticeJobView => ({
  status: JOB_STATUS.queued,
  total,
  sent: 0,
  failed: 0,
  percent: 0,
  attempts: 0,
  message,
});

function PlanNotices(props: { planId: number }) {
  const { t } = useTranslation();
  const actions = useActions();
  const queryClient = useQueryClient();
  const provinceOnly = useProvinceOnlyReason('recruitPlan');
  const key = ['smsNotice', props.planId];
  const view = useQuery({ queryKey: key, queryFn: () => getPlanNotices(props.planId) });
  const [started, setStarted] = useState<Followed | null>(null);
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    // The plan list's and the audit screen's warnings read the switch from the plan options.
    void queryClient.invalidateQueries({ queryKey: ['recruitPlan'] });
  };
  // One job at a time: the one this dialog started last, else the plan's newest one.
  const followed: Followed | null =
    started ??
    (view.data?.lastJobId != null
      ? { id: view.data.lastJobId, origin: { kind: 'last' }, initial: null }
      : null);

  const eventLabel = (event: SmsNoticeEvent) => t(`smsNotice.event.${event}`);
  const send = (row: SmsNoticeCount) =>
    actions.confirm({
      content: t('admin.smsNotice.sendConfirm', { count: row.pending, event: eventLabel(row.event) }),
      okTestId: 'sms-notice-send-ok',
      successKey: false,
      call: () => sendPlanNotice(props.planId, row.event),
      onSuccess: (answer) =>
        setStarted({
          id: answer.data.jobId,
          origin: { kind: 'send', event: row.event },
          initial: queuedJob(answer.data.total, t('smsNotice.job.queued')),
        }),
      reload,
    });
  const toggle = (on: boolean) =>
    void actions.run({
      call: () => setPlanNotices(props.planId, on),
      onSuccess: (answer) => {
        const catchUp = answer.data.catchUp;
        if (catchUp)
          setStarted({
            id: catchUp.jobId,
            origin: { kind: 'catchUp' },
            initial: queuedJob(catchUp.total, t('smsNotice.job.queued')),
          });
      },
      reload,
    });

  const enabled = !!view.data?.enabled;
  const counts = view.data?.counts ?? [];
  const failedTotal = counts.reduce((n, c) => n + c.failed, 0);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sms-notice-plan">
      <Space>
        <Tooltip title={provinceOnly ?? undefined}>
          <Switch
            checked={enabled}
            disabled={!view.data || !!provinceOnly}
            aria-label={t('admin.smsNotice.switch')}
            onChange={toggle}
            data-testid="sms-notice-switch"
          />
        </Tooltip>
        <Typography.Text>{t('admin.smsNotice.switch')}</Typography.Text>
      </Space>
      {view.data && !enabled && (
        <Alert
          type="warning"
          showIcon
          message={t('admin.smsNotice.offWarning')}
          data-testid="sms-notice-off"
        />
      )}
      <Typography.Text type="secondary">
        {t('admin.smsNotice.switchHelp', { max: SMS_NOTICE_MAX_ATTEMPTS })}
      </Typography.Text>
      <Table<SmsNoticeCount>
        rowKey="event"
        size="small"
        pagination={false}
        loading={view.isLoading}
        dataSource={counts}
        scroll={{ x: 560 }}
        data-testid="sms-notice-counts"
        columns={[
          {
            title: t('admin.smsNotice.event'),
            dataIndex: 'event',
            render: (e: SmsNoticeEvent) => eventLabel(e),
          },
          { title: t('admin.smsNotice.sent'), dataIndex: 'sent', align: 'right' },
          {
            title: t('admin.smsNotice.failed'),
            dataIndex: 'failed',
            align: 'right',
            render: (failed: number, row) => (
              <span data-testid={`sms-notice-failed-${row.event}`}>
                {failed}
                {row.retrying > 0 && (
                  <Typography.Text type="secondary">
                    {t('admin.smsNotice.retrying', { count: row.retrying })}
                  </Typography.Text>
                )}
              </span>
            ),
          },
          { title: t('admin.smsNotice.sending'), dataIndex: 'sending', align: 'right' },
          { title: t('admin.smsNotice.pending'), dataIndex: 'pending', align: 'right' },
          {
            title: '',
            key: 'send',
            render: (_: unknown, row) => {
              const why = !enabled
                ? t('admin.smsNotice.sendDisabledOff')
                : !row.pending
                  ? t('admin.smsNotice.sendDisabledNone')
                  : null;
              return (
                <Tooltip title={why ?? undefined}>
                  <Button
                    size="small"
                    type={row.event === 'resultsOpen' ? 'primary' : 'default'}
                    disabled={!!why}
                    onClick={() => send(row)}
                    data-testid={`sms-notice-send-${row.event}`}
                  >
                    {row.event === 'resultsOpen'
                      ? t('admin.smsNotice.sendResults')
                      : t('admin.smsNotice.send')}
                  </Button>
                </Tooltip>
              );
            },
          },
        ]}
      />
      {followed && <NoticeJob key={followed.id} followed={followed} onFinished={reload} />}
      {failedTotal > 0 && <NoticeFailures planId={props.planId} />}
    </Space>
  );
}

/**
 * The progress of the one job followed, keyed by its id (a new job replaces the last one's bar and
 * line at once): the bar, and one status line — what started it, then the server's status; while it
 * runs, how many of its total were processed.
 */
function NoticeJob(props: { followed: Followed; onFinished: () => void }) {
  const { t } = useTranslation();
  const { id, origin, initial } = props.followed;
  const job = useJobProgress<SmsNoticeJobView>(['smsNotice', id], () => getNoticeJob(id), {
    initial,
    onFinished: props.onFinished,
  });
  if (!job) return null;
  const prefix =
    origin.kind === 'send'
      ? t('admin.smsNotice.jobOf.send', { event: t(`smsNotice.event.${origin.event}`) })
      : t(`admin.smsNotice.jobOf.${origin.kind}`);
  // A finished job's message already says what it sent and what failed; a running one gets its counts.
  const status = jobFinished(job.status)
    ? job.message
    : t('admin.smsNotice.jobLine', {
        status: job.message,
        done: job.sent + job.failed,
        total: job.total,
        failed: job.failed,
      });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sms-notice-job" data-job-id={id}>
      <JobProgressBar job={job} partial={job.failed > 0} aria-label={t('admin.smsNotice.progressLabel')} />
      <Typography.Text data-testid="sms-notice-job-line" role="status">
        {prefix}
        {status}
      </Typography.Text>
    </Space>
  );
}

/**
 * The plan's failed notices inside the caller's region, a page at a time: candidate, masked phone,
 * county, event, sends tried, the provider's last error, the next try or 不再重试.
 */
function NoticeFailures(props: { planId: number }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const failures = useQuery({
    queryKey: ['smsNotice', props.planId, 'failures', paging.current, paging.size],
    queryFn: () => pageNoticeFailures(props.planId, paging),
    placeholderData: keepPreviousData,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sms-notice-failures">
      <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
        {t('admin.smsNotice.failures')}
      </Typography.Title>
      <Typography.Text type="secondary">
        {t('admin.smsNotice.failuresHelp', { max: SMS_NOTICE_MAX_ATTEMPTS })}
      </Typography.Text>
      <Table<SmsNoticeFailure>
        rowKey="id"
        size="small"
        loading={failures.isFetching}
        dataSource={failures.data?.records ?? []}
        scroll={{ x: 820 }}
        locale={{ emptyText: t('admin.smsNotice.failuresEmpty') }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: failures.data?.total ?? 0,
          size: 'small',
          showSizeChanger: false,
          showTotal: (total) => t('admin.smsNotice.failure.total', { total }),
          onChange: (current, size) => setPaging({ current, size }),
        }}
        columns={[
          { title: t('admin.smsNotice.failure.name'), dataIndex: 'name', width: 90 },
          { title: t('admin.smsNotice.failure.phone'), dataIndex: 'phone', width: 110 },
          { title: t('admin.smsNotice.failure.county'), dataIndex: 'enrollCounty', width: 90 },
          {
            title: t('admin.smsNotice.event'),
            dataIndex: 'event',
            width: 100,
            render: (e: SmsNoticeEvent) => t(`smsNotice.event.${e}`),
          },
          {
            title: t('admin.smsNotice.failure.attempts'),
            dataIndex: 'attempts',
            width: 84,
            align: 'right',
            render: (n: number) => `${n}/${SMS_NOTICE_MAX_ATTEMPTS}`,
          },
          {
            title: t('admin.smsNotice.failure.error'),
            dataIndex: 'error',
            ellipsis: { showTitle: false },
            render: (error: string | null) =>
              error ? (
                <Tooltip title={error} placement="topLeft">
                  <span>{error}</span>
                </Tooltip>
              ) : (
                '-'
              ),
          },
          {
            title: t('admin.smsNotice.failure.next'),
            dataIndex: 'nextAttemptTime',
            width: 150,
            render: (at: string | null) =>
              at ? (
                formatDateTime(at)
              ) : (
                <Typography.Text type="secondary">{t('admin.smsNotice.failure.noMore')}</Typography.Text>
              ),
          },
        ]}
      />
    </Space>
  );
}

function Templates() {
  const { t } = useTranslation();
  const actions = useActions();
  const provinceOnly = useProvinceOnlyReason('recruitPlan');
  const templates = useQuery({ queryKey: ['smsNoticeTemplates'], queryFn: getNoticeTemplates });
  const [form] = Form.useForm<{ templates: SmsNoticeTemplate[] }>();
  if (!templates.data) return null;
  const save = async () => {
    const values = await form.validateFields();
    await actions.run({ call: () => saveNoticeTemplates(values.templates) });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ templates: templates.data }}
      disabled={!!provinceOnly}
      data-testid="sms-notice-templates"
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={t('admin.smsNotice.templateHelp', { aliyun: '${name}', tencent: '{1}{2}{3}' })}
      />
      {provinceOnly && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={provinceOnly} />}
      {templates.data.map((tpl, i) => (
        <div key={tpl.event}>
          <Typography.Title level={5}>{t(`smsNotice.event.${tpl.event}`)}</Typography.Title>
          <Form.Item name={['templates', i, 'event']} hidden>
            <Input />
          </Form.Item>
          <Form.Item name={['templates', i, 'templateCode']} label={t('admin.smsNotice.templateCode')}>
            <Input maxLength={64} data-testid={`sms-notice-code-${tpl.event}`} />
          </Form.Item>
          <Form.Item
            name={['templates', i, 'text']}
            label={t('admin.smsNotice.templateText')}
            rules={[
              { required: true, message: t('rule.required', { label: t('admin.smsNotice.templateText') }) },
            ]}
          >
            <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </div>
      ))}
      <Button type="primary" onClick={() => void save()} data-testid="sms-notice-templates-save">
        {t('admin.smsNotice.saveTemplates')}
      </Button>
    </Form>
  );
}
