import { Suspense, useEffect, useRef, useState } from 'react';
import { Alert, App, Avatar, Button, Drawer, Grid, Layout, Menu, Space, Typography, message } from 'antd';
import { LogoutOutlined, MenuOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../components/lang-switch';
import { logout } from '../session';
import { CandidateProvider, useCandidate } from '../state';
import { Loading } from '../components/loading';
import { headerButtonStyle, headerStyle } from './styles';
import { SiteTitle } from './site-title';
import { APPLY_FLAG } from '@tegang/domain';
import { PlanPhaseLine, useNow } from './plan-phase';
import { useCandidateStage } from '../stage';
import { WebLockButton } from '../lock/lock-button';
import { CANDIDATE_MENU_GROUPS, candidateMenu } from '../pages';
import { CANDIDATE_MENU_ICONS } from './menu-icons';
import { PRIMARY } from '../theme-colors';
import { NoticeBell } from '../../areas/sms-notice/candidate/notice-bell';

/**
 * The logged-in frame (spec §2): header with title, lock (as the console's, spec §4) and logout,
 * sidebar (a drawer on phones), page.
 */
export function CandidateLayout() {
  return (
    <CandidateProvider>
      <Shell />
    </CandidateProvider>
  );
}

/** The menu key of the customer-service phone: a tel: link, not a route. */
const PHONE_KEY = 'tel';

/**
 * Avatar, the candidate's state in red (spec §2's enrolment status, from useCandidateStage like the
 * home card: 待审核, 审核未通过 … rather than the bare apply flag; 未报名 without a plan), welcome, the
 * plan's current phase, and the menu: CANDIDATE_PAGES by group (pages.ts, each entry while its
 * `visible` says so; the clock is read again every minute), the help group ending with the open plan's
 * customer-service phone as a tel: link.
 */
function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const state = useCandidate();
  const stage = useCandidateStage();
  const name = state.userInfo?.realName ?? '';
  const phone = state.plan?.customerServicePhone;
  const now = useNow();
  const plan = state.loading ? null : state.plan;
  const menuState = { plan, enrollStatus: state.enrollStatus };
  return (
    <div data-testid="sidebar">
      <div style={{ padding: '24px 16px 16px', textAlign: 'center', borderBottom: '1px solid #f0f0f0' }}>
        <Avatar size={64} icon={<UserOutlined />} style={{ background: PRIMARY }} />
        <div style={{ marginTop: 12 }}>
          <Typography.Text type="secondary">
            {t('web.status.label')}
            {t('web.colon')}
          </Typography.Text>
          <Typography.Text
            type="danger"
            strong
            data-testid="enroll-status"
            data-state={stage.stage?.state ?? (stage.loading ? undefined : 'none')}
          >
            {stage.loading
              ? '…'
              : stage.failed
                ? '-'
                : stage.stage
                  ? t(`home.state.${stage.stage.state}`)
                  : t('enroll.status.notEnrolled')}
          </Typography.Text>
        </div>
        <div style={{ marginTop: 4 }} data-testid="welcome">
          {name ? t('web.welcome', { name }) : '\u00a0'}
        </div>
        {plan && <PlanPhaseLine plan={plan} now={now} />}
      </div>
      <Menu
        mode="inline"
        style={{ borderInlineEnd: 'none' }}
        selectedKeys={[pathname.replace(/\/$/, '')]}
        onClick={({ key }) => {
          if (key === PHONE_KEY) return; // the tel: link itself dials
          navigate(key);
          onNavigate?.();
        }}
        items={CANDIDATE_MENU_GROUPS.map((group) => ({
          type: 'group' as const,
          key: group.key,
          label: t(group.labelKey),
          children: [
            ...candidateMenu(group.key, menuState, now).map((entry) => {
              const Icon = CANDIDATE_MENU_ICONS[entry.icon];
              const label = t(entry.labelKey);
              return {
                key: entry.path,
                icon: <Icon />,
                label: entry.testId ? <span data-testid={entry.testId}>{label}</span> : label,
              };
            }),
            ...(group.key === 'help' && phone
              ? [
                  {
                    key: PHONE_KEY,
                    icon: <PhoneOutlined />,
                    label: (
                      <a href={`tel:${phone}`} data-testid="menu-service-phone">
                        {t('web.menu.servicePhone')} {phone}
                      </a>
                    ),
                  },
                ]
              : []),
          ],
        }))}
      />
    </div>
  );
}

function Shell() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const mobile = !screens.md;
  const [drawer, setDrawer] = useState(false);
  const state = useCandidate();

  // Spec §4/§8: when the candidate cannot apply, the server's reason is shown for 10 s, once per visit.
  // Not to an applicant after enrolment ended: the later stages are theirs (the sidebar shows the
  // phase), and "enrolment has ended" on every ticket or result page would only alarm them.
  const warned = useRef(false);
  const applicantAfterEnrolment =
    state.enrollStatus === APPLY_FLAG.applied &&
    !!state.plan &&
    new Date(state.plan.enrollEndTime).getTime() <= Date.now();
  useEffect(() => {
    if (state.loading || state.failed || state.canCandidate || !state.message || warned.current) return;
    if (applicantAfterEnrolment) return;
    warned.current = true;
    message.warning({ content: state.message, duration: 10, key: 'can-candidate' });
  }, [state.loading, state.failed, state.canCandidate, state.message, applicantAfterEnrolment]);

  useEffect(() => setDrawer(false), [pathname]);

  const confirmLogout = () =>
    modal.confirm({
      title: t('common.systemTip'),
      content: t('web.logout.confirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        message.success(t('web.logout.done'));
        navigate('/web/login', { replace: true });
      },
    });

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={headerStyle}>
        {mobile && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('web.menu.open')}
            data-testid="menu-toggle"
            onClick={() => setDrawer(true)}
            style={headerButtonStyle}
          />
        )}
        <SiteTitle mobile={mobile} />
        <Space size={0} style={{ flex: 'none' }}>
          <LangSwitch
            short={mobile}
            style={{ ...headerButtonStyle, paddingInline: mobile ? 6 : undefined }}
          />
          {/* Her notices, with the count she has not seen (areas/sms-notice). */}
          <NoticeBell style={{ ...headerButtonStyle, paddingInline: mobile ? 6 : undefined }} />
          {/* On a phone the header keeps its room for the title: the lock is in the drawer. */}
          {!mobile && <WebLockButton name={state.userInfo?.realName ?? ''} style={headerButtonStyle} />}
          <Button
            type="text"
            icon={<LogoutOutlined />}
            aria-label={t('common.logout')}
            data-testid="logout"
            onClick={confirmLogout}
            style={headerButtonStyle}
          >
            {mobile ? null : t('common.logout')}
          </Button>
        </Space>
      </Layout.Header>
      <Layout>
        {!mobile && (
          <Layout.Sider
            width={240}
            theme="light"
            style={{
              borderInlineEnd: '1px solid #f0f0f0',
              position: 'sticky',
              top: 56,
              height: 'calc(100vh - 56px)',
              overflow: 'auto',
            }}
          >
            <Sidebar />
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: mobile ? 12 : 24, minWidth: 0 }}>
          <div style={{ maxWidth: 1040, margin: '0 auto' }}>
            {state.failed && (
              <Alert
                type="error"
                showIcon
                message={t('web.loadFailed')}
                action={
                  <Button size="small" onClick={() => void state.refresh()}>
                    {t('web.retry')}
                  </Button>
                }
                style={{ marginBottom: 12 }}
              />
            )}
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </div>
        </Layout.Content>
      </Layout>
      {mobile && (
        <Drawer
          placement="left"
          open={drawer}
          onClose={() => setDrawer(false)}
          width={280}
          styles={{ body: { padding: 0 } }}
          title={t('web.title')}
          footer={
            <WebLockButton name={state.userInfo?.realName ?? ''} style={{ width: '100%', minHeight: 44 }} />
          }
        >
          <Sidebar onNavigate={() => setDrawer(false)} />
        </Drawer>
      )}
    </Layout>
  );
}
