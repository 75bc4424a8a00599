import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import i18n from '../../i18n';
import { logError } from './error-log';

/** Catches a page's render error, writes it to the local error log (spec §8) and shows a 500 result. */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    logError(error, info.componentStack ?? '');
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="500"
        title="500"
        subTitle={i18n.t('admin.errorBoundary')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {i18n.t('admin.error.reload')}
          </Button>
        }
      />
    );
  }
}
