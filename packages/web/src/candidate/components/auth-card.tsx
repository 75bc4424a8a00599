import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

/** The card of an open page (login, register, recovery) with its title. */
export function AuthCard({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card
      style={{ boxShadow: '0 4px 16px rgba(22, 88, 201, 0.08)' }}
      styles={{ body: { padding: '24px 20px 8px' } }}
      data-testid={testId}
    >
      <Typography.Title
        level={2}
        style={{ fontSize: 20, textAlign: 'center', marginTop: 0, marginBottom: 20 }}
      >
        {title}
      </Typography.Title>
      {children}
    </Card>
  );
}
