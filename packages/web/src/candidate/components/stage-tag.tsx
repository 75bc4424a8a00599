import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CandidateStageState } from '@tegang/domain';

/** Tag colour of each candidate state: to do (blue), waiting (gold), wrong (red), done (green). */
const STATE_COLOR: Record<CandidateStageState, string> = {
  notApplied: 'blue',
  closed: 'default',
  pending: 'gold',
  rejected: 'error',
  passed: 'success',
  ticketReady: 'processing',
  resultsOpen: 'processing',
  admitted: 'success',
  notAdmitted: 'default',
  resultPublished: 'processing',
};

/**
 * Tag text darker than antd's preset where the preset is under 4.5:1 on its tint (WCAG 2.1 SC 1.4.3):
 * gold #d48806 on #fffbe6 is 2.9:1 (gold-9 #874d00: 7.6:1), green #52c41a on #f6ffed 2.2:1
 * (green-9 #135200: 9.4:1).
 */
const GOLD_TEXT = '#874d00';
const GREEN_TEXT = '#135200';
const STATE_TEXT: Partial<Record<CandidateStageState, string>> = {
  pending: GOLD_TEXT,
  passed: GREEN_TEXT,
  admitted: GREEN_TEXT,
};

/**
 * The candidate's state in a plan as a tag (catalogue `home.state.<state>`), in the same colours on the
 * home card, its earlier plans and 我的报名. `large` is the home card's main tag.
 */
export function StageTag({
  state,
  large = false,
  testId,
}: {
  state: CandidateStageState;
  large?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Tag
      color={STATE_COLOR[state]}
      data-testid={testId}
      data-state={state}
      style={{
        ...(large ? { fontSize: 14, lineHeight: '24px' } : {}),
        color: STATE_TEXT[state],
        marginInlineEnd: 0,
      }}
    >
      {t(`home.state.${state}`)}
    </Tag>
  );
}
