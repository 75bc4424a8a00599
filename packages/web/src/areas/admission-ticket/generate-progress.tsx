import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GENERATE_DONE, GENERATE_FAILED, getGenerateJob, type GenerateJob } from './admin-api';

/** How often the job is asked for (ms; the brief's "every second"). */
export const GENERATE_POLL_MS = 1000;

/** The generation job being followed: its id and the number of tickets it renders. */
export interface GenerateTarget {
  jobId: number;
  total: number;
}

const finished = (job: GenerateJob | null) =>
  job?.status === GENERATE_DONE || job?.status === GENERATE_FAILED;

/**
 * The progress of a ticket PDF generation (POST generateAdmissionTicket answered {jobId, total}):
 * polls GET generateJob/{jobId} every second until the job is done ('2') or failed ('4'), showing the
 * percent (0–100), done/total, the failures and the job's message. `onDone` runs once when the job
 * ends (reload the list: the generation status changed). Test ids: `ticket-generate-*`.
 */
export function GenerateProgress(props: {
  target: GenerateTarget | null;
  onClose: () => void;
  onDone: () => void;
  pollMs?: number;
}) {
  const { t } = useTranslation();
  const { target, onDone, pollMs = GENERATE_POLL_MS } = props;
  const [job, setJob] = useState<GenerateJob | null>(null);

  useEffect(() => {
    setJob(
      target ? { status: '0', total: target.total, done: 0, failed: 0, percent: 0, message: null } : null,
    );
    if (!target) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      let next: GenerateJob | null = null;
      try {
        next = await getGenerateJob(target.jobId);
      } catch {
        // shown by the request client; try again at the next tick
      }
      if (!live) return;
      if (next) setJob(next);
      if (next && finished(next)) onDone();
      else timer = setTimeout(() => void poll(), pollMs);
    };
    timer = setTimeout(() => void poll(), pollMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // onDone is the caller's reload; a new target starts a new poll
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, pollMs]);

  const done = finished(job);
  const percent = Math.max(0, Math.min(100, Math.round(job?.percent ?? 0)));
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
          <Progress
            percent={percent}
            status={
              job.status === GENERATE_FAILED
                ? 'exception'
                : job.status === GENERATE_DONE
                  ? job.failed
                    ? 'normal'
                    : 'success'
                  : 'active'
            }
            data-testid="ticket-generate-bar"
          />
          <Typography.Text data-testid="ticket-generate-counts">
            {t(`admin.ticket.job.${job.status}`)} ·{' '}
            {t('admin.ticket.generateCounts', { done: job.done, total: job.total, failed: job.failed })}
          </Typography.Text>
          {job.status === GENERATE_DONE && (
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
          {job.status === GENERATE_FAILED && (
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
