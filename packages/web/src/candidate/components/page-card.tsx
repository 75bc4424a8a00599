import type { ReactNode } from 'react';
import { Card } from 'antd';
import { usePageTitle } from '../hooks';

/** A page of the logged-in site: a card titled with the page's name, which is also the browser title. */
export function PageCard({
  title,
  extra,
  children,
  testId,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  usePageTitle(title);
  return (
    <Card
      title={title}
      extra={extra}
      data-testid={testId}
      styles={{ body: { padding: 'clamp(12px, 4vw, 24px)' }, header: { minHeight: 52 } }}
    >
      {children}
    </Card>
  );
}
