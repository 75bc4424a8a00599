import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Result, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENROLL_DICT_FIELDS, formatDateTime, windowState } from '@tegang/domain';
import { ApiError } from '../../../api/request';
import { DictText } from '../../../components/dict';
import { LoadFailed, Loading } from '../../../candidate/components/loading';
import { PageCard } from '../../../candidate/components/page-card';
import { useLabelStyle, useMobile } from '../../../candidate/hooks';
import { candidateKeys } from '../../../candidate/state';
import { usePagePlan, type PagePlanInfo } from '../../../candidate/page-plan';
import { EarlierPlanBanner, planPageGate, usePlanPageTitle } from '../../../candidate/components/plan-page';
import { getTicketByPlanId, getTicketDownloadLink, type CandidateTicket } from '../api';
import { isWeChat, openInNewPage } from '../../../candidate/wechat';
import { WeChatGuide } from '../../../candidate/components/wechat-guide';
import { downloadFile } from '../../../api/download';

/** A refused read (window not open or closed, no distributed ticket): the page says why, no retry. */
const refused = (e: unknown) => e instanceof ApiError && (e.code === 400 || e.code === 404);

/** After a download the count is read again, once the browser has fetched the file. */
const RECOUNT_DELAY_MS = 1500;

/**
 * /web/admission_ticket (spec §2). On opening, the §2 reminder (Chrome or Edge; 2B pencil,
 * eraser, black pen). With the candidate's distributed ticket inside the plan's print window: the
 * ticket fields as a card and "下载准考证" through a single-use link (GET …/downloadToken/{id}), saved
 * directly, or in WeChat's in-app browser (which blocks downloads) opened in a new page with guidance
 * to continue in a browser and the plan's customer-service phone. Outside the window or before
 * distribution, a Result with the server's reason and the print window. `?planId=<id>` shows the
 * ticket of any plan she applied to, inside that plan's own print window (an earlier plan: its name
 * and year above); without it, the front-site plan. The read shares its cache with the home card's
 * (candidateKeys.ticket).
 */
export default function AdmissionTicket() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const view = usePagePlan();
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

  const applied = view.applied && view.planId !== null && !view.purged;
  const ticket = useQuery({
    queryKey: candidateKeys.ticket(view.planId),
    queryFn: () => getTicketByPlanId(view.planId!),
    enabled: applied,
    retry: (count, e) => !refused(e) && count < 1,
  });

  const title = usePlanPageTitle(t('web.ticket.title'), view);
  const gate = planPageGate(view, <Loading />, <LoadFailed onRetry={view.refresh} />);
  let body: ReactNode;
  if (gate) body = gate;
  else if (applied && ticket.isPending) body = <Loading />;
  else if (!view.plan || view.planId === null)
    body = <Empty description={view.message || t('enroll.noPlan')} />;
  else if (!applied)
    body = <Empty description={<span data-testid="ticket-not-applied">{t('web.ticket.notApplied')}</span>} />;
  else if (ticket.isError)
    body = refused(ticket.error) ? (
      <Closed plan={view.plan} reason={ticket.error.message} />
    ) : (
      <LoadFailed message={ticket.error.message} onRetry={() => void ticket.refetch()} />
    );
  else body = <TicketView ticket={ticket.data!} plan={view.plan} recount={() => void ticket.refetch()} />;
  return (
    <PageCard title={title} testId="admission-ticket">
      {view.earlier && view.plan && !view.purged && <EarlierPlanBanner plan={view.plan} />}
      {body}
    </PageCard>
  );
}

type Plan = PagePlanInfo;

/** The print window of the plan, 'YYYY-MM-DD HH:mm' (China Standard Time). */
function WindowLine({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  return (
    <span data-testid="ticket-window">
      {t('web.ticket.window', {
        start: formatDateTime(plan.ticketPrintStartTime),
        end: formatDateTime(plan.ticketPrintEndTime),
      })}
    </span>
  );
}

/**
 * Not readable now: the server's reason (400 window not open / closed, 404 not distributed), else
 * one from the plan's window, with the window itself.
 */
function Closed({ plan, reason }: { plan: Plan; reason: string }) {
  const { t } = useTranslation();
  const where = windowState(plan.ticketPrintStartTime, plan.ticketPrintEndTime);
  const fallback =
    where === 'before'
      ? t('web.ticket.opensAt', { time: formatDateTime(plan.ticketPrintStartTime) })
      : where === 'after'
        ? t('web.ticket.closedAt', { time: formatDateTime(plan.ticketPrintEndTime) })
        : t('web.ticket.notDistributed');
  return (
    <Result
      status="info"
      title={<span data-testid="ticket-closed">{reason || fallback}</span>}
      subTitle={<WindowLine plan={plan} />}
    />
  );
}

/** The ticket as a card readable on a 375 px phone, the download and its count. */
function TicketView({ ticket, plan, recount }: { ticket: CandidateTicket; plan: Plan; recount: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useMobile();
  const labelStyle = useLabelStyle(120);
  const [busy, setBusy] = useState(false);
  const [guide, setGuide] = useState<{ blockedUrl: string | null } | null>(null);
  const [refused, setRefused] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const phone = plan.customerServicePhone;

  const download = async () => {
    setBusy(true);
    setRefused('');
    try {
      const { url } = await getTicketDownloadLink(ticket.id);
      // WeChat cannot save a file, and "open in the browser" needs the real link: it opens as before.
      if (isWeChat()) setGuide({ blockedUrl: openInNewPage(url) ? null : url });
      else {
        // Fetched before anything is saved: a refusal (409 photo missing, 503 storage) is shown here.
        try {
          await downloadFile(url);
        } catch (e) {
          setRefused((e as Error).message);
          return;
        }
        message.success(t('web.ticket.downloadStarted'));
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(recount, RECOUNT_DELAY_MS);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const text = (v: string | null | undefined) => v || '—';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="ticket-view">
      <Alert type="info" showIcon message={<WindowLine plan={plan} />} />
      <div style={{ textAlign: 'center' }}>
        <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="ticket-plan">
          {plan.name}
        </Typography.Text>
        <Typography.Title level={4} style={{ margin: '4px 0' }}>
          {t('web.ticket.heading')}
        </Typography.Title>
        <Typography.Text
          strong
          style={{ fontSize: 20, letterSpacing: 1 }}
          data-testid="ticket-admission-number"
        >
          {ticket.admissionNumber}
        </Typography.Text>
      </div>
      <Descriptions
        bordered
        size={mobile ? 'small' : 'middle'}
        styles={{ label: labelStyle }}
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        data-testid="ticket-fields"
        items={[
          { key: 'name', label: t('field.name'), children: ticket.name },
          { key: 'card', label: t('field.idCard'), children: ticket.card },
          { key: 'admissionNumber', label: t('field.admissionNumber'), children: ticket.admissionNumber },
          { key: 'enrollCounty', label: t('field.enrollCounty'), children: text(ticket.enrollCounty) },
          {
            key: 'academicSession',
            label: t('field.academicSession'),
            children: <DictText type={ENROLL_DICT_FIELDS.academicSession} value={ticket.academicSession} />,
          },
          {
            key: 'subject',
            label: t('field.subject'),
            children: <DictText type={ENROLL_DICT_FIELDS.subject} value={ticket.subject} />,
          },
          { key: 'examDate', label: t('field.examDate'), children: text(ticket.examDate) },
          { key: 'examTime', label: t('field.examTimeOfDay'), children: text(ticket.examTime) },
          { key: 'examPlace', label: t('field.examPlace'), children: text(ticket.examPlace) },
          { key: 'examAddress', label: t('field.examAddress'), children: text(ticket.examAddress) },
          { key: 'examRoomNumber', label: t('field.examRoomNumber'), children: text(ticket.examRoomNumber) },
          { key: 'seatNumber', label: t('field.seatNumber'), children: text(ticket.seatNumber) },
        ]}
      />
      {ticket.examinationRoomNotice && (
        <Card size="small" title={t('field.examinationRoomNotice')} type="inner">
          <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="ticket-notice">
            {ticket.examinationRoomNotice}
          </div>
        </Card>
      )}
      <div>
        <Button
          type="primary"
          size="large"
          block={mobile}
          icon={<DownloadOutlined />}
          loading={busy}
          onClick={() => void download()}
          data-testid="ticket-download"
        >
          {t('web.ticket.download')}
        </Button>
        <Typography.Text
          type="secondary"
          style={{ display: 'block', marginTop: 8 }}
          data-testid="ticket-download-count"
        >
          {t('web.ticket.downloadCount', { count: ticket.ticketFileDownloadNum })}
        </Typography.Text>
      </div>
      {refused && <Alert type="error" showIcon data-testid="ticket-download-refused" message={refused} />}
      {guide && (
        <WeChatGuide
          guide={t('web.ticket.wechatGuide')}
          openLabel={t('web.ticket.wechatOpen')}
          blockedUrl={guide.blockedUrl}
          phone={phone}
          testIdPrefix="ticket"
        />
      )}
    </Space>
  );
}
