import { useEffect, useRef, type ReactNode } from 'react';
import { Empty, List, Space, Tag, Typography } from 'antd';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  FileTextOutlined,
  RightOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type CandidateNotice, type CandidateNoticeKind } from '@tegang/domain';
import { LoadFailed, Loading } from '../../../candidate/components/loading';
import { PageCard } from '../../../candidate/components/page-card';
import { planPath } from '../../../candidate/page-plan';
import { useCandidate } from '../../../candidate/state';
import { getCandidateNotices, noticeKeys } from '../api';
import { isUnread, markSeen, readSeen, seenMark } from '../unread';

/** Each kind's icon and colour (the colours of antd's status texts, ≥ 4.5:1 on white). */
const ICONS: Record<CandidateNoticeKind, ReactNode> = {
  rejected: <CloseCircleOutlined style={{ color: '#cf1322' }} />,
  passed: <CheckCircleOutlined style={{ color: '#237804' }} />,
  ticketReady: <FileTextOutlined style={{ color: '#0958d9' }} />,
  resultsOpen: <TrophyOutlined style={{ color: '#ad6800' }} />,
};

/**
 * The page that acts on a notice, addressed to the notice's plan (candidate/page-plan.ts), or null
 * when nothing can be done any more (a rejection after the enrolment end). The enrolment form is the
 * open plan's only, and a correctable rejection is the open plan's.
 */
function actionOf(notice: CandidateNotice, now: Date): string | null {
  switch (notice.kind) {
    case 'rejected':
      return notice.deadline && new Date(notice.deadline) > now ? '/web/enroll' : null;
    case 'passed':
      return planPath('/web/enroll_table', notice.planId);
    case 'ticketReady':
      return planPath('/web/admission_ticket', notice.planId);
    case 'resultsOpen':
      return planPath('/web/recruit_info', notice.planId);
  }
}

/**
 * /web/notice (消息通知): the candidate's notices across her plans, newest first — her application
 * rejected (with the reviewer's note and the correction deadline) or approved, her ticket ready to
 * print, her results open — each with its time and a link to the page that acts on it; the same
 * events as the SMS notices, whether the SMS reached her or not (GET /api/notice/list). Those newer
 * than her last visit are marked 新; opening the page marks them seen (the header's badge clears).
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const userId = useCandidate().userInfo?.id ?? null;
  const notices = useQuery({ queryKey: noticeKeys.list, queryFn: getCandidateNotices, staleTime: 0 });
  // What she had seen when she opened the page: the 新 marks stay for this visit.
  const seenAtOpen = useRef<string | null | undefined>(undefined);
  if (userId !== null && seenAtOpen.current === undefined) seenAtOpen.current = readSeen(userId);
  useEffect(() => {
    if (userId !== null && notices.data) markSeen(userId, seenMark(notices.data));
  }, [userId, notices.data]);

  const now = new Date();
  let body: ReactNode;
  if (notices.isPending) body = <Loading />;
  else if (notices.isError)
    body = <LoadFailed message={notices.error.message} onRetry={() => void notices.refetch()} />;
  else if (!notices.data.length)
    body = <Empty description={<span data-testid="notice-empty">{t('web.notice.empty')}</span>} />;
  else
    body = (
      <List<CandidateNotice>
        itemLayout="vertical"
        dataSource={notices.data}
        data-testid="notice-list"
        renderItem={(notice) => {
          const deadline = notice.deadline ? formatDateTime(notice.deadline) : '';
          const text =
            notice.kind === 'rejected' && !actionOf(notice, now)
              ? t('web.notice.rejected.closed', { plan: notice.planName, deadline })
              : t(`web.notice.${notice.kind}.text`, { plan: notice.planName, deadline });
          const action = actionOf(notice, now);
          const unread = seenAtOpen.current !== undefined && isUnread(notice, seenAtOpen.current);
          return (
            <List.Item
              key={notice.key}
              data-testid="notice-item"
              data-kind={notice.kind}
              data-unread={unread ? 'true' : undefined}
              style={{ paddingInline: 0 }}
            >
              <Space align="start" size={12} style={{ width: '100%' }}>
                <span style={{ fontSize: 20, lineHeight: '24px' }} aria-hidden>
                  {ICONS[notice.kind]}
                </span>
                <Space direction="vertical" size={4} style={{ minWidth: 0, flex: 1 }}>
                  <Space size={8} wrap>
                    <Typography.Text strong>{t(`web.notice.${notice.kind}.title`)}</Typography.Text>
                    {unread && (
                      <Tag color="red" bordered={false} style={{ marginInlineEnd: 0 }}>
                        {t('web.notice.new')}
                      </Tag>
                    )}
                  </Space>
                  <Typography.Paragraph style={{ margin: 0 }}>{text}</Typography.Paragraph>
                  {notice.kind === 'rejected' && notice.reason && (
                    <Typography.Paragraph type="danger" style={{ margin: 0 }} data-testid="notice-reason">
                      {t('web.notice.rejected.reason', { reason: notice.reason })}
                    </Typography.Paragraph>
                  )}
                  <Space size={12} wrap style={{ justifyContent: 'space-between', width: '100%' }}>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <time dateTime={notice.time}>{formatDateTime(notice.time)}</time>
                    </Typography.Text>
                    {action && (
                      <Link to={action} data-testid={`notice-action-${notice.kind}`}>
                        {t(`web.notice.${notice.kind}.action`)} <RightOutlined style={{ fontSize: 12 }} />
                      </Link>
                    )}
                  </Space>
                </Space>
              </Space>
            </List.Item>
          );
        }}
      />
    );

  return (
    <PageCard title={t('web.notice.title')} testId="notice-page">
      <Typography.Paragraph type="secondary">{t('web.notice.intro')}</Typography.Paragraph>
      {body}
    </PageCard>
  );
}
