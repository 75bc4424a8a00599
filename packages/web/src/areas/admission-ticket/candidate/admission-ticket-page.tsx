import { useEffect } from 'react';
import { App, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../candidate/components/page-card';

/**
 * /web/admission_ticket: the admission-ticket screen is not built yet, so the page says it is not open. On opening, the reminder of spec §2: use
 * Chrome or Edge, and bring a 2B pencil, an eraser and a black pen for the answer sheet.
 */
export default function AdmissionTicket() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  useEffect(() => {
    const dialog = modal.info({
      title: t('web.ticket.reminderTitle'),
      content: (
        <div data-testid="ticket-reminder">
          <p>{t('web.ticket.reminderBrowser')}</p>
          <p>{t('web.ticket.reminderPencil')}</p>
        </div>
      ),
      okText: t('web.ticket.ok'),
    });
    return () => dialog.destroy();
  }, [modal, t]);
  return (
    <PageCard title={t('web.ticket.title')} testId="admission-ticket">
      <Result status="info" title={t('web.ticket.notOpen')} />
    </PageCard>
  );
}
