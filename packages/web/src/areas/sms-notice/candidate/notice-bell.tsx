import type { CSSProperties } from 'react';
import { Badge, Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCandidate } from '../../../candidate/state';
import { getCandidateNotices, noticeKeys } from '../api';
import { isUnread, useSeen } from '../unread';

/** How long the list read for the badge is reused before it is asked again (ms). */
const BADGE_STALE_MS = 60_000;

/**
 * The header's bell of the candidate site: opens /web/notice; its badge counts the notices she has
 * not seen (newer than her last visit of the list, unread.ts). No badge while the list loads or when
 * it could not be read.
 */
export function NoticeBell(props: { style?: CSSProperties }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useCandidate().userInfo?.id ?? null;
  const seen = useSeen(userId);
  const notices = useQuery({
    queryKey: noticeKeys.list,
    queryFn: getCandidateNotices,
    staleTime: BADGE_STALE_MS,
    retry: false,
  });
  const unread = userId === null ? 0 : (notices.data ?? []).filter((n) => isUnread(n, seen)).length;
  return (
    <Button
      type="text"
      aria-label={unread ? t('web.notice.bellUnread', { count: unread }) : t('web.notice.bell')}
      data-testid="notice-bell"
      onClick={() => navigate('/web/notice')}
      style={props.style}
      icon={
        <Badge count={unread} size="small" offset={[2, -2]} data-testid="notice-badge">
          <BellOutlined style={{ color: '#fff', fontSize: 16 }} />
        </Badge>
      }
    />
  );
}
