import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import { registerStrings } from '../i18n';
import { ADMIN_STRINGS } from './strings';
import { AdminApp } from './app';
import { keepRequiredOnControls } from '../components/required-on-input';

/** The strings of the shell and of every area this side shows, registered explicitly. */
registerStrings(...ADMIN_STRINGS);
// aria-required only where a role allows it, whatever antd's selects copy to their outer box.
keepRequiredOnControls();

/** The back-office entry (index.html): login and the console behind it (DESIGN "Layout"). */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
