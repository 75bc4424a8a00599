import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, Space, Typography } from 'antd';
import { DownloadOutlined, FormOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getEnrollByPlanId, getEnrollDownloadLink } from '../api';
import { downloadFile } from '../../../api/download';
import { LoadFailed, Loading } from '../../../candidate/components/loading';
import { PageCard } from '../../../candidate/components/page-card';
import { enrollChoiceItems } from './enroll-view';
import { AuditNotice, AuditStatusTag } from './audit-status';
import { useLabelStyle, useMobile } from '../../../candidate/hooks';
import { candidateKeys } from '../../../candidate/state';
import { usePagePlan } from '../../../candidate/page-plan';
import { EarlierPlanBanner, planPageGate, usePlanPageTitle } from '../../../candidate/components/plan-page';
import { isWeChat, openInNewPage } from '../../../candidate/wechat';
import { WeChatGuide } from '../../../candidate/components/wechat-guide';

/**
 * /web/enroll_table: the application summary (spec §3 tableData) and the download of the enrolment
 * form through a short-lived single-use link (DESIGN: never the session token in a URL), fetched and
 * saved on the page so that a refused download (409 photo missing, 503 storage) shows its message here.
 * In WeChat's in-app browser, which cannot save files, the link opens in a new page with the same
 * "open in a browser" guidance as the admission ticket. `?planId=<id>` shows the form of any plan she
 * applied to (an earlier plan: its name and year above, no editing); without it, the front-site plan.
 */
export default function EnrollTable() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const view = usePagePlan();
  const mobile = useMobile();
  const labelStyle = useLabelStyle(140);
  const applied = view.applied && view.planId !== null && !view.purged;
  const enroll = useQuery({
    queryKey: candidateKeys.enroll(view.planId),
    queryFn: () => getEnrollByPlanId(view.planId!),
    enabled: applied,
  });
  const [downloading, setDownloading] = useState(false);
  const [refused, setRefused] = useState('');
  const [guide, setGuide] = useState<{ blockedUrl: string | null } | null>(null);

  const download = async (id: number) => {
    setDownloading(true);
    setRefused('');
    let url: string;
    try {
      ({ url } = await getEnrollDownloadLink(id));
    } catch {
      setDownloading(false);
      return; // request() showed why
    }
    if (isWeChat()) {
      setGuide({ blockedUrl: openInNewPage(url) ? null : url });
      setDownloading(false);
      return;
    }
    try {
      await downloadFile(url);
    } catch (e) {
      setRefused((e as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  const title = usePlanPageTitle(t('web.enrollTable.title'), view);
  const record = enroll.data;
  const gate = planPageGate(view, <Loading />, <LoadFailed onRetry={view.refresh} />);
  if (gate)
    return (
      <PageCard title={title} testId="enroll-table">
        {gate}
      </PageCard>
    );
  if (!applied || (enroll.isSuccess && !record))
    return (
      <PageCard title={title} testId="enroll-table">
        <Empty
          description={
            <span data-testid="not-applied">
              {view.planId === null
                ? view.message || t('web.enrollTable.noPlan')
                : t('web.enrollTable.notApplied')}
            </span>
          }
        >
          {view.planId !== null && view.canCandidate && (
            <Button type="primary" icon={<FormOutlined />} onClick={() => navigate('/web/enroll')}>
              {t('web.enrollTable.goApply')}
            </Button>
          )}
        </Empty>
      </PageCard>
    );

  return (
    <PageCard title={title} testId="enroll-table">
      {view.earlier && view.plan && <EarlierPlanBanner plan={view.plan} />}
      {enroll.isPending ? (
        <Loading />
      ) : enroll.isError || !record ? (
        <LoadFailed onRetry={() => void enroll.refetch()} />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Alert type="info" showIcon message={t('web.enrollTable.tip')} />
          <AuditNotice enroll={record} editable={view.canCandidate} />
          {view.plan && (
            <Typography.Text strong data-testid="enroll-table-plan">
              {view.plan.name}
            </Typography.Text>
          )}
          <Descriptions
            bordered
            size={mobile ? 'small' : 'middle'}
            styles={{ label: labelStyle }}
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
            items={[
              { key: 'name', label: t('field.name'), children: record.name },
              { key: 'idCard', label: t('field.idCard'), children: record.idCard },
              { key: 'phone', label: t('field.phone'), children: record.phone },
              ...(record.serialNo
                ? [{ key: 'serialNo', label: t('field.serialNo'), children: record.serialNo }]
                : []),
              ...enrollChoiceItems(record, t),
              {
                key: 'auditStatus',
                label: t('field.auditStatus'),
                children: <AuditStatusTag status={record.auditStatus} />,
              },
            ]}
          />
          <Space wrap>
            <Button
              type="primary"
              size="large"
              icon={<DownloadOutlined />}
              loading={downloading}
              onClick={() => void download(record.id)}
              data-testid="enroll-download"
            >
              {t('web.enrollTable.download')}
            </Button>
            {!view.earlier && (
              <Button size="large" icon={<FormOutlined />} onClick={() => navigate('/web/enroll')}>
                {t('web.enroll.viewMine')}
              </Button>
            )}
          </Space>
          {refused && <Alert type="error" showIcon data-testid="enroll-download-refused" message={refused} />}
          {guide && (
            <WeChatGuide
              guide={t('web.enrollTable.wechatGuide')}
              openLabel={t('web.enrollTable.wechatOpen')}
              blockedUrl={guide.blockedUrl}
              phone={view.plan?.customerServicePhone}
              testIdPrefix="enroll"
            />
          )}
        </Space>
      )}
    </PageCard>
  );
}
