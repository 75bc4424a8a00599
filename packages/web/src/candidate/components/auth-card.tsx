import type { ReactNode } from 'react';

/**
 * The card of an open page (login, register, recovery) with its title: plain elements styled as
 * antd's Card (open.css), so that the login page, the first page a phone loads, needs no Card (nor
 * the Tabs it brings).
 */
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
    <section className="tg-card" data-testid={testId} aria-labelledby="tg-card-title">
      <h2 id="tg-card-title" className="tg-card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
