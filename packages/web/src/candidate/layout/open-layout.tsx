import { Suspense } from 'react';
import { Grid, Layout, Space } from 'antd';
import { CustomerServiceOutlined, PhoneOutlined } from '@ant-design/icons';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../components/lang-switch';
import { useWebsite } from '../../areas/website/use-website';
import { Loading } from '../components/loading';
import { headerButtonStyle, headerStyle } from './styles';
import { SiteTitle } from './site-title';

/**
 * The help links under the open pages (issue 8): the service centre (after logging in, the login
 * page goes on to it) and the customer-service phone as a tel: link when the open website setting
 * answers one (the open plan's `customerServicePhone`, also shown in the logged-in menu).
 */
function HelpLinks() {
  const { t } = useTranslation();
  const phone = useWebsite().customerServicePhone;
  return (
    <Space
      wrap
      size={16}
      style={{ justifyContent: 'center', width: '100%', marginTop: 16 }}
      data-testid="help-links"
    >
      <Link
        to="/web/server_center"
        data-testid="login-server-center"
        style={{ display: 'inline-block', padding: '10px 0' }}
      >
        <CustomerServiceOutlined /> {t('web.menu.serverCenter')}
      </Link>
      {phone ? (
        <a
          href={`tel:${phone}`}
          data-testid="login-service-phone"
          style={{ display: 'inline-block', padding: '10px 0' }}
        >
          <PhoneOutlined /> {t('web.menu.servicePhone')} {phone}
        </a>
      ) : null}
    </Space>
  );
}

/** The frame of the open pages (login, register, recovery): the title bar, a centred card, help links. */
export function OpenLayout() {
  const mobile = !Grid.useBreakpoint().md;
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #e8f1ff 0%, #f5f7fa 320px)' }}>
      <Layout.Header style={headerStyle}>
        <SiteTitle mobile={mobile} />
        <LangSwitch short={mobile} style={headerButtonStyle} />
      </Layout.Header>
      <Layout.Content style={{ padding: '24px 12px 48px', display: 'flex', justifyContent: 'center' }}>
        <div style={{ width: '100%', maxWidth: 440 }}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
          <HelpLinks />
        </div>
      </Layout.Content>
    </Layout>
  );
}
