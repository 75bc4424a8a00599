import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Switch, Table, Tabs, Tooltip, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PERMISSIONS,
  type SmsNoticeCount,
  type SmsNoticeEvent,
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
  saveNoticeTemplates,
  sendPlanNotice,
  setPlanNotices,
} from './sms-notice-api';

/**
 * The SMS notices of one plan (docs/decisions.md "SMS notices to candidates"), opened from the
 * plan list's row action: the plan's switch (province-level accounts), per event how many notices
 * were sent, failed, are sending and wait, within the caller's region; a send per event after a
 * confirmation that names the count (the results notice is sent only from here), followed by the
 * job's progress bar; and, with the template key, the templates of every plan. Test ids
 * `sms-notice-*`.
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
      width={760}
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

function PlanNotices(props: { planId: number }) {
  const { t } = useTranslation();
  const actions = useActions();
  const queryClient = useQueryClient();
  const provinceOnly = useProvinceOnlyReason('recruitPlan');
  const key = ['smsNotice', props.planId];
  const view = useQuery({ queryKey: key, queryFn: () => getPlanNotices(props.planId) });
  const [jobId, setJobId] = useState<number | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });
  const followed = jobId ?? view.data?.lastJobId ?? null;
  const job = useJobProgress<SmsNoticeJobView>(
    followed === null ? null : ['smsNotice', followed],
    () => getNoticeJob(followed!),
    { onFinished: reload },
  );

  const eventLabel = (event: SmsNoticeEvent) => t(`smsNotice.event.${event}`);
  const send = (row: SmsNoticeCount) =>
    actions.confirm({
      content: t('admin.smsNotice.sendConfirm', { count: row.pending, event: eventLabel(row.event) }),
      okTestId: 'sms-notice-send-ok',
      successKey: false,
      call: () => sendPlanNotice(props.planId, row.event),
      onSuccess: (answer) => setJobId(answer.data.jobId),
      reload,
    });

  const enabled = !!view.data?.enabled;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sms-notice-plan">
      <Space>
        <Tooltip title={provinceOnly ?? undefined}>
          <Switch
            checked={enabled}
            disabled={!view.data || !!provinceOnly}
            aria-label={t('admin.smsNotice.switch')}
            onChange={(on) => void actions.run({ call: () => setPlanNotices(props.planId, on), reload })}
            data-testid="sms-notice-switch"
          />
        </Tooltip>
        <Typography.Text>{t('admin.smsNotice.switch')}</Typography.Text>
      </Space>
      <Typography.Text type="secondary">{t('admin.smsNotice.switchHelp')}</Typography.Text>
      <Table<SmsNoticeCount>
        rowKey="event"
        size="small"
        pagination={false}
        loading={view.isLoading}
        dataSource={view.data?.counts ?? []}
        data-testid="sms-notice-counts"
        columns={[
          {
            title: t('admin.smsNotice.event'),
            dataIndex: 'event',
            render: (e: SmsNoticeEvent) => eventLabel(e),
          },
          { title: t('admin.smsNotice.sent'), dataIndex: 'sent', align: 'right' },
          { title: t('admin.smsNotice.failed'), dataIndex: 'failed', align: 'right' },
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
      {job && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="sms-notice-job">
          <JobProgressBar job={job} partial={job.failed > 0} />
          <Typography.Text data-testid="sms-notice-job-counts">
            {t('admin.smsNotice.progress', {
              status: job.message,
              sent: job.sent,
              failed: job.failed,
              total: job.total,
            })}
          </Typography.Text>
        </Space>
      )}
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
