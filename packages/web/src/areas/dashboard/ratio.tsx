import { Progress, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { postRatio } from '@tegang/domain';

/**
 * A post ratio as text: "3.2:1" when there are applicants and demand, else "—" saying why on hover and
 * for screen readers, "no applicants" or "no demand" (never "0:1" or "0.0:1": postRatio). `count` is
 * the applicants, or of them those who passed (`applicants` then gives the applicants: "0:1" says
 * that none of them passed yet).
 */
export function RatioText({
  count,
  demand,
  applicants = count,
  testId,
}: {
  count: number;
  demand: number;
  applicants?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ratio = postRatio(count, demand, applicants);
  if (ratio !== null) return <span data-testid={testId}>{ratio}</span>;
  const why = t(demand > 0 ? 'admin.dashboard.noApplicants' : 'admin.dashboard.noDemand');
  return (
    <Tooltip title={why}>
      <Typography.Text type="secondary" aria-label={why} data-testid={testId}>
        —
      </Typography.Text>
    </Tooltip>
  );
}

/**
 * Applicants against demand as a bar filled to the demand, labelled with the ratio ("—" without
 * applicants or without demand).
 */
export function RatioBar({ count, demand }: { count: number; demand: number }) {
  const { t } = useTranslation();
  const ratio = postRatio(count, demand);
  if (ratio === null) return <RatioText count={count} demand={demand} />;
  return (
    <Progress
      percent={Math.min(100, Math.round((count / demand) * 100))}
      format={() => ratio}
      status={count >= demand ? 'success' : 'normal'}
      size="small"
      aria-label={t('admin.dashboard.share')}
    />
  );
}

/** Orders ratios, "no ratio" (no applicants or no demand) below every ratio (a table sorter). */
export const compareRatio = (
  a: { count: number; demand: number; applicants?: number },
  b: { count: number; demand: number; applicants?: number },
) => {
  const value = (r: { count: number; demand: number; applicants?: number }) =>
    r.demand > 0 && (r.applicants ?? r.count) > 0 ? r.count / r.demand : -1;
  return value(a) - value(b);
};
