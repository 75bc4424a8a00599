import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import '../i18n';
import './strings';
import { AdminApp } from './app';

/** The back-office entry (index.html): login and the console behind it (DESIGN "Layout"). */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
