import { useEffect, useRef } from 'react';
import { Alert, Progress } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { JOB_POLL_MS, JOB_STATUS, jobFinished, jobResumed, type JobProgress } from '@tegang/domain';

/**
 * The progress of one background job (DESIGN "jobs"): asks `fetch` every JOB_POLL_MS while the job
 * runs and stops once it has finished (done, rejected, failed). `key` names the job (e.g.
 * ['import', base, id]); null follows nothing. A failed ask is tried again at the next tick (the
 * request client shows why). `onFinished` runs once per job, when it is first seen finished. Returns
 * the last answer, or `initial` before the first.
 */
export function useJobProgress<T extends JobProgress>(
  key: readonly unknown[] | null,
  fetch: () => Promise<T>,
  options: { initial?: T | null; onFinished?: (job: T) => void; pollMs?: number } = {},
): T | null {
  const { initial = null, onFinished, pollMs = JOB_POLL_MS } = options;
  const query = useQuery({
    queryKey: ['job', ...(key ?? [])],
    queryFn: fetch,
    enabled: key !== null,
    // `initial` shows at once (the job just queued); the first ask follows at once.
    initialData: initial ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    retry: false,
    gcTime: 0,
    refetchInterval: (q) => (q.state.data && jobFinished(q.state.data.status) ? false : pollMs),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });
  const job = key === null ? null : (query.data ?? initial);
  // The caller's callback of the latest render, called once per job key.
  const callback = useRef(onFinished);
  callback.current = onFinished;
  const told = useRef<string | null>(null);
  const name = key === null ? null : JSON.stringify(key);
  useEffect(() => {
    if (job && name !== null && jobFinished(job.status) && told.current !== name) {
      told.current = name;
      callback.current?.(job);
    }
  }, [job, name]);
  return job;
}

/**
 * Says, under a progress bar, that the job was taken over by another server after its own stopped
 * (attempts > 1): the work started again there, and what was already stored is not done twice.
 */
export function JobResumedNote(props: { job: JobProgress | null }) {
  const { t } = useTranslation();
  if (!props.job || !jobResumed(props.job)) return null;
  return (
    <Alert
      type="info"
      showIcon
      message={t('job.resumed', { attempt: props.job.attempts })}
      data-testid="job-resumed"
    />
  );
}

/**
 * The progress bar of a job, and under it the note of a take-over (JobResumedNote): active while it
 * runs, green once done, neutral when done with `partial` failures, red when rejected or failed.
 * `percent` is clamped to 0–100. `data-testid` goes on the bar, and `aria-label` names it (the bar
 * is a progressbar to assistive technology, which needs a name: axe-core aria-progressbar-name).
 */
export function JobProgressBar(props: {
  job: JobProgress;
  partial?: boolean;
  'data-testid'?: string;
  'aria-label'?: string;
}) {
  const { job } = props;
  const status =
    job.status === JOB_STATUS.done
      ? props.partial
        ? 'normal'
        : 'success'
      : jobFinished(job.status)
        ? 'exception'
        : 'active';
  return (
    <>
      <Progress
        percent={Math.max(0, Math.min(100, Math.round(job.percent)))}
        status={status}
        data-testid={props['data-testid']}
        aria-label={props['aria-label']}
      />
      <JobResumedNote job={job} />
    </>
  );
}
