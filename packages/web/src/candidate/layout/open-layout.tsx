import { Suspense } from 'react';
import { Grid, Layout, Typography } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../components/lang-switch';
import { Loading } from '../components/loading';
import { headerStyle, titleStyle } from './styles';

/** The frame of the open pages (login, register, recovery): the title bar and a centred card. */
export function OpenLayout() {
  const { t } = useTranslation();
  const mobile = !Grid.useBreakpoint().md;
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #e8f1ff 0%, #f5f7fa 320px)' }}>
      <Layout.Header style={headerStyle}>
        <Typography.Title
          level={1}
          style={mobile ? { ...titleStyle, fontSize: 16 } : titleStyle}
          ellipsis
          data-testid="site-title"
        >
          {t(mobile ? 'web.titleShort' : 'web.title')}
        </Typography.Title>
        <LangSwitch short={mobile} style={{ color: '#fff', flex: 'none' }} />
      </Layout.Header>
      <Layout.Content style={{ padding: '24px 12px 48px', display: 'flex', justifyContent: 'center' }}>
        <div style={{ width: '100%', maxWidth: 440 }}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </div>
      </Layout.Content>
    </Layout>
  );
}
