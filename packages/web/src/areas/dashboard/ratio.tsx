import { Progress, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { postRatio } from '@tegang/domain';

/**
 * A post ratio as text: "3.2:1" when there is demand, else "—" with "no demand" on hover and for
 * screen readers (never "0.0:1": no demand is no ratio).
 */
export function RatioText({ count, demand, testId }: { count: number; demand: number; testId?: string }) {
  const { t } = useTranslation();
  const ratio = postRatio(count, demand);
  if (ratio !== null) return <span data-testid={testId}>{ratio}</span>;
  return (
    <Tooltip title={t('admin.dashboard.noDemand')}>
      <Typography.Text type="secondary" aria-label={t('admin.dashboard.noDemand')} data-testid={testId}>
        —
      </Typography.Text>
    </Tooltip>
  );
}

/** Applicants against demand as a bar filled to the demand, labelled with the ratio ("—" without demand). */
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

/** Orders ratios, "no demand" below every ratio (a table sorter). */
export const compareRatio = (a: { count: number; demand: number }, b: { count: number; demand: number }) => {
  const ra = a.demand > 0 ? a.count / a.demand : -1;
  const rb = b.demand > 0 ? b.count / b.demand : -1;
  return ra - rb;
};
