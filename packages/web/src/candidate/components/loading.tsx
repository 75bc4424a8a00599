import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A centred spinner for a page or a part of one that is loading. */
export function Loading({ tip, minHeight = 240 }: { tip?: string; minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <div
      style={{ minHeight, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      data-testid="loading"
    >
      <Spin tip={tip ?? t('common.loading')} size="large">
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </div>
  );
}

/** A failed load with a retry button. */
export function LoadFailed({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={message ?? t('web.loadFailed')}
      extra={
        onRetry && (
          <Button type="primary" onClick={onRetry}>
            {t('web.retry')}
          </Button>
        )
      }
    />
  );
}
