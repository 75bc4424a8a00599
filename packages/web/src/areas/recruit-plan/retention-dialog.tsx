import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Space, Tag, Tooltip, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  JOB_STATUS,
  RETENTION_COUNT_KEYS,
  type RetentionCounts,
  type RetentionJobView,
  type RetentionView,
} from '@tegang/domain';
import { useActions } from '../../components/crud';
import { JobProgressBar, useJobProgress } from '../../components/jobs/use-job-progress';
import { useProvinceOnlyReason } from '../../components/province-only';
import { getRetention, getRetentionJob, runRetention } from './retention-api';

/**
 * The retention of one plan's personal data (docs/security.md "Retention"; PIPL art. 19), opened
 * from the plan list's row action 数据保留: the period, the list-publication end it counts from, when
 * it runs out and the state (kept, due, deleted with its time); what a run would change now, counted
 * by the server the way the run changes it; and, once the period is over, 立即删除 behind a
 * confirmation naming the counts, followed by the run's progress bar. The run also starts by itself
 * once the period is over. Province-level accounts only (the button says why otherwise). Test ids
 * `retention-*`.
 */
export function RetentionDialog(props: { plan: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { plan } = props;
  return (
    <Modal
      open={!!plan}
      title={
        plan ? (
          // Room for the close button: a long plan name wraps instead of running under it on a phone.
          <span style={{ display: 'block', paddingRight: 28, overflowWrap: 'anywhere' }}>
            {t('admin.retention.title', { plan: plan.name })}
          </span>
        ) : (
          ''
        )
      }
      width={680}
      destroyOnHidden
      onCancel={props.onClose}
      footer={
        <Button onClick={props.onClose} data-testid="retention-close">
          {t('admin.retention.close')}
        </Button>
      }
    >
      {plan && <RetentionBody plan={plan} />}
    </Modal>
  );
}

function RetentionBody(props: { plan: { id: number; name: string } }) {
  const { t } = useTranslation();
  const actions = useActions();
  const queryClient = useQueryClient();
  const provinceOnly = useProvinceOnlyReason('recruitPlan');
  const key = ['retention', props.plan.id];
  const view = useQuery({ queryKey: key, queryFn: () => getRetention(props.plan.id) });
  const [jobId, setJobId] = useState<number | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });
  const followed = jobId ?? view.data?.lastJobId ?? null;
  const job = useJobProgress<RetentionJobView>(
    followed === null ? null : ['retention', followed],
    () => getRetentionJob(followed!),
    { onFinished: reload },
  );

  if (!view.data)
    return view.isError ? (
      <Alert type="error" showIcon message={view.error.message} data-testid="retention-error" />
    ) : (
      <Typography.Text type="secondary">{t('common.loading')}</Typography.Text>
    );
  const v = view.data;
  const running = !!job && (job.status === JOB_STATUS.queued || job.status === JOB_STATUS.running);
  const run = () =>
    actions.confirm({
      content: t('admin.retention.runConfirm', { plan: props.plan.name, ...v.counts }),
      danger: true,
      okTestId: 'retention-run-ok',
      call: () => runRetention(props.plan.id),
      onSuccess: (answer) => setJobId(answer.data.jobId),
      reload,
    });
  const why = provinceOnly
    ? provinceOnly
    : !v.due && !v.purgeTime
      ? t('admin.retention.notDue', { date: formatDateTime(v.expiresAt) })
      : null;
  // What the last run changed once it is done, else what a run would change now.
  const doneCounts = job?.status === JOB_STATUS.done ? job.counts : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="retention-view">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('admin.retention.period')}>
          {t('admin.retention.periodValue', { years: v.retentionYears })}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.retention.listEnd')}>
          {formatDateTime(v.listPublishedEndTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.retention.expiresAt')}>
          <span data-testid="retention-expires">{formatDateTime(v.expiresAt)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.retention.state')}>
          <StateTag view={v} />
        </Descriptions.Item>
        {v.purgeTime && (
          <Descriptions.Item label={t('admin.retention.purgeTime')}>
            <span data-testid="retention-purge-time">{formatDateTime(v.purgeTime)}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {v.purgeTime ? (
        <Alert
          type="success"
          showIcon
          message={t('admin.retention.purgedNote', { time: formatDateTime(v.purgeTime) })}
        />
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('admin.retention.help')}
        </Typography.Paragraph>
      )}
      {(!v.purgeTime || doneCounts) && (
        <Counts
          title={doneCounts ? t('admin.retention.countsDone') : t('admin.retention.counts')}
          counts={doneCounts ?? v.counts}
        />
      )}
      {!v.purgeTime && (
        <Tooltip title={why ?? undefined}>
          <Button
            type="primary"
            danger
            disabled={!!why || running}
            loading={running}
            onClick={run}
            data-testid="retention-run"
          >
            {t('admin.retention.run')}
          </Button>
        </Tooltip>
      )}
      {why && !v.purgeTime && (
        <Typography.Text type="secondary" data-testid="retention-why">
          {why}
        </Typography.Text>
      )}
      {job && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="retention-job">
          <JobProgressBar job={job} aria-label={t('admin.retention.progressLabel')} />
          <Typography.Text data-testid="retention-job-message">
            {t('admin.retention.progress', {
              status: job.message,
              processed: job.processed,
              total: job.total,
            })}
          </Typography.Text>
        </Space>
      )}
    </Space>
  );
}

/** The state of the plan's retention as a tag: kept, due, deleted. */
function StateTag({ view }: { view: RetentionView }) {
  const { t } = useTranslation();
  const [color, key] = view.purgeTime
    ? (['default', 'admin.retention.state.purged'] as const)
    : view.due
      ? (['warning', 'admin.retention.state.due'] as const)
      : (['processing', 'admin.retention.state.kept'] as const);
  return (
    <Tag color={color} data-testid="retention-state">
      {t(key)}
    </Tag>
  );
}

/** The counts of a run, one row each. */
function Counts({ title, counts }: { title: string; counts: RetentionCounts }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      title={<span style={{ fontSize: 14 }}>{title}</span>}
      data-testid="retention-counts"
    >
      {RETENTION_COUNT_KEYS.map((k) => (
        <Descriptions.Item key={k} label={t(`admin.retention.count.${k}`)}>
          <span data-testid={`retention-count-${k}`}>{counts[k]}</span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
