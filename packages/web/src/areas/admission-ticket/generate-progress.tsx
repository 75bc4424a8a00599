import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { JOB_POLL_MS, JOB_STATUS, jobFinished } from '@tegang/domain';
import { JobProgressBar, useJobProgress } from '../../components/jobs/use-job-progress';
import { getGenerateJob, type GenerateJob } from './admin-api';

/** How often the job is asked for (ms). */
export const GENERATE_POLL_MS = JOB_POLL_MS;

/** The generation job being followed: its id and the number of tickets it renders. */
export interface GenerateTarget {
  jobId: number;
  total: number;
}

/**
 * The progress of a ticket PDF generation (POST generateAdmissionTicket answered {jobId, total}):
 * follows GET generateJob/{jobId} (useJobProgress) until the job is done or failed, showing the
 * percent (0–100), done/total, the failures, the job's message, and a note when another server took
 * the job over. `onDone` runs once when the job ends (reload the list: the generation status
 * changed). Test ids: `ticket-generate-*`.
 */
export function GenerateProgress(props: {
  target: GenerateTarget | null;
  onClose: () => void;
  onDone: () => void;
  pollMs?: number;
}) {
  const { t } = useTranslation();
  const { target, onDone, pollMs = GENERATE_POLL_MS } = props;
  const job = useJobProgress<GenerateJob>(
    target ? ['ticketPdf', target.jobId] : null,
    () => getGenerateJob(target!.jobId),
    {
      initial: target
        ? {
            status: JOB_STATUS.queued,
            total: target.total,
            done: 0,
            failed: 0,
            percent: 0,
            attempts: 0,
            message: null,
          }
        : null,
      onFinished: onDone,
      pollMs,
    },
  );

  const done = !!job && jobFinished(job.status);
  return (
    <Modal
      open={!!target}
      title={t('admin.ticket.generateTitle')}
      maskClosable={false}
      destroyOnHidden
      onCancel={props.onClose}
      footer={
        <Button onClick={props.onClose} data-testid="ticket-generate-close">
          {t(done ? 'admin.ticket.close' : 'admin.ticket.background')}
        </Button>
      }
    >
      {job && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="ticket-generate-progress">
          <JobProgressBar job={job} partial={job.failed > 0} data-testid="ticket-generate-bar" />
          <Typography.Text data-testid="ticket-generate-counts">
            {t(`admin.ticket.job.${job.status}`)} ·{' '}
            {t('admin.ticket.generateCounts', { done: job.done, total: job.total, failed: job.failed })}
          </Typography.Text>
          {job.status === JOB_STATUS.done && (
            <Alert
              type={job.failed ? 'warning' : 'success'}
              showIcon
              message={t(job.failed ? 'admin.ticket.generatePartly' : 'admin.ticket.generateDone', {
                done: job.done,
                failed: job.failed,
              })}
              description={job.message || undefined}
              data-testid="ticket-generate-done"
            />
          )}
          {job.status === JOB_STATUS.failed && (
            <Alert
              type="error"
              showIcon
              message={t('admin.ticket.generateFailed')}
              description={job.message || undefined}
              data-testid="ticket-generate-failed"
            />
          )}
        </Space>
      )}
    </Modal>
  );
}
