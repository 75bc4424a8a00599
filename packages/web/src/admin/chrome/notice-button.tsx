import { Badge, Button, Popover, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@tegang/domain';
import { enrollStatistics } from '../../areas/enroll/admin-api';
import { useCan } from '../../components/crud';
import { useSession } from '../session';

/** The enrolment screen the notice opens (SCREENS '/candidate/enroll', a leaf: path + '/index'). */
export const NOTICE_TARGET = '/candidate/enroll/index';
/** How often the count is asked again (ms); the dashboard asks the same query as often. */
const REFRESH_MS = 60_000;

/**
 * The notice control of the top bar (spec §3 "User session"): a bell whose badge counts the
 * enrolments waiting for audit in the administrator's region (GET /candidate/enroll/statistics, the
 * dashboard's query and key PERMISSIONS.dashboard.list), its pop-over linking to the enrolment
 * screen. Not shown to a supervision account (getInfo's user.supervision true), nor without the key.
 * `color`: the icon colour of the header theme.
 */
export function NoticeButton({ color }: { color?: string }) {
  const { info } = useSession();
  const can = useCan();
  const shown = !info?.user.supervision && can(PERMISSIONS.dashboard.list);
  return shown ? <Notices color={color} /> : null;
}

function Notices({ color }: { color?: string }) {
  const { t } = useTranslation();
  const stats = useQuery({
    queryKey: ['dashboard', 'statistics'],
    queryFn: () => enrollStatistics(),
    refetchInterval: REFRESH_MS,
  });
  const pending = stats.data?.audit.pending ?? 0;
  const content = (
    <div data-testid="notice-content" style={{ maxWidth: 260 }}>
      {pending > 0 ? (
        <Link to={NOTICE_TARGET} data-testid="notice-pending">
          {t('admin.notice.pending', { count: pending })}
        </Link>
      ) : (
        <Typography.Text type="secondary">{t('admin.notice.none')}</Typography.Text>
      )}
    </div>
  );
  // The accessible name holds the badge's visible number (WCAG 2.5.3 label in name).
  const label =
    pending > 0 ? `${t('admin.bar.notice')} ${pending > 99 ? '99+' : pending}` : t('admin.bar.notice');
  return (
    <Popover trigger="click" title={t('admin.bar.notice')} content={content} placement="bottomRight">
      <Button
        type="text"
        aria-label={label}
        title={t('admin.bar.notice')}
        data-testid="notice-button"
        style={{ color: 'inherit' }}
      >
        <Badge count={pending} overflowCount={99} size="small" data-testid="notice-count">
          <BellOutlined style={{ color, fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
