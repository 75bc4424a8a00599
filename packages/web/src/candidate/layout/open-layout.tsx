import { Suspense, useSyncExternalStore } from 'react';
import CustomerServiceOutlined from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlainLoading } from '../components/plain-loading';
import { SvgIcon } from '../components/svg-icon';
import { headerStyle } from './styles';
import { SiteTitle } from './site-title';
import { PlainLangSwitch } from './plain-lang-switch';
import { useServicePhone } from './service-phone';
import '../open.css';

/**
 * The help links under the open pages: the service centre (after logging in, the login
 * page goes on to it) and the customer-service phone as a tel: link when the open website setting
 * answers one (the open plan's `customerServicePhone`, also shown in the logged-in menu).
 */
function HelpLinks() {
  const { t } = useTranslation();
  const phone = useServicePhone();
  return (
    <div className="tg-help-links" data-testid="help-links">
      <Link to="/web/server_center" data-testid="login-server-center">
        <SvgIcon icon={CustomerServiceOutlined} /> {t('web.menu.serverCenter')}
      </Link>
      {phone ? (
        <a href={`tel:${phone}`} data-testid="login-service-phone">
          <SvgIcon icon={PhoneOutlined} /> {t('web.menu.servicePhone')} {phone}
        </a>
      ) : null}
    </div>
  );
}

/** antd's md breakpoint (768 px): below it a phone, with the short title and language name. */
const WIDE = '(min-width: 768px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isWide = () => window.matchMedia(WIDE).matches;

/**
 * The frame of the open pages (login, register, recovery): the title bar, a centred card, help links.
 * Plain elements and open.css, no antd: it is drawn with the login page, the first page a phone loads
 * (docs/decisions.md "A login page without antd"); the other open pages bring antd with them.
 */
export function OpenLayout() {
  const mobile = !useSyncExternalStore(subscribeWide, isWide, () => false);
  return (
    <div className="tg-open">
      <header style={headerStyle}>
        <SiteTitle mobile={mobile} />
        <PlainLangSwitch short={mobile} />
      </header>
      <main className="tg-open-content">
        <div className="tg-open-column">
          <Suspense fallback={<PlainLoading />}>
            <Outlet />
          </Suspense>
          <HelpLinks />
        </div>
      </main>
    </div>
  );
}
