import { Suspense } from 'react';
import { Grid, Layout } from 'antd';
import { Outlet } from 'react-router';
import { LangSwitch } from '../../components/lang-switch';
import { Loading } from '../components/loading';
import { headerStyle } from './styles';
import { SiteTitle } from './site-title';

/** The frame of the open pages (login, register, recovery): the title bar and a centred card. */
export function OpenLayout() {
  const mobile = !Grid.useBreakpoint().md;
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #e8f1ff 0%, #f5f7fa 320px)' }}>
      <Layout.Header style={headerStyle}>
        <SiteTitle mobile={mobile} />
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
