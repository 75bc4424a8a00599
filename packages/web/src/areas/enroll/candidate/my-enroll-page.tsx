import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Tag, Typography } from 'antd';
import {
  EditOutlined,
  FileTextOutlined,
  FormOutlined,
  IdcardOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMISSION_STATUS, formatDateTime } from '@tegang/domain';
import { LoadFailed, Loading } from '../../../candidate/components/loading';
import { PageCard } from '../../../candidate/components/page-card';
import { StageTag } from '../../../candidate/components/stage-tag';
import { useMobile } from '../../../candidate/hooks';
import { useNow } from '../../../candidate/layout/plan-phase';
import { useMyEnrollList } from '../../../candidate/page-plan';
import { useCandidate } from '../../../candidate/state';
import { myEnrollView, type MyEnrollActionKey, type MyEnrollView } from './my-enroll';

const ACTION_ICON: Record<MyEnrollActionKey, ReactNode> = {
  edit: <EditOutlined />,
  form: <FileTextOutlined />,
  ticket: <IdcardOutlined />,
  result: <TrophyOutlined />,
};
const ACTION_LABEL: Record<MyEnrollActionKey, string> = {
  edit: 'home.action.editEnroll',
  form: 'web.myEnroll.form',
  ticket: 'web.myEnroll.ticket',
  result: 'web.myEnroll.result',
};

/**
 * /web/my_enroll (我的报名): every plan the candidate applied to, newest first (GET
 * /api/enroll/listMyEnroll), one card each — the plan's name and year, her state in it (domain
 * candidateStage, the tags of the home card) with what it means now, the rejection's reason, the
 * 报名序号, the school once admitted, and the pages of that plan: the form always, the ticket inside
 * the plan's print window, the results from its score-query start, each at `?planId=`. A plan whose
 * personal data was deleted at the end of its retention period says so and offers nothing. Two
 * columns from lg (992 px) on, one on a phone.
 */
export default function MyEnrollPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useCandidate();
  const now = useNow();
  const list = useMyEnrollList();

  let body: ReactNode;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <LoadFailed onRetry={() => void list.refetch()} />;
  else if (!list.data.length)
    body = (
      <Empty description={<span data-testid="my-enroll-empty">{t('web.myEnroll.empty')}</span>}>
        {state.canCandidate && (
          <Button type="primary" icon={<FormOutlined />} onClick={() => navigate('/web/enroll')}>
            {t('web.enroll.applyNow')}
          </Button>
        )}
      </Empty>
    );
  else
    body = (
      <Row gutter={[16, 16]} data-testid="my-enroll-list">
        {list.data.map((item) => (
          <Col key={item.plan.id} xs={24} lg={12}>
            <EnrollCard view={myEnrollView(item, now, state.planId)} />
          </Col>
        ))}
      </Row>
    );
  return (
    <PageCard title={t('web.myEnroll.title')} testId="my-enroll">
      {body}
    </PageCard>
  );
}

/** One application: the plan, her state and its note, the 报名序号, the school, the plan's pages. */
function EnrollCard({ view }: { view: MyEnrollView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useMobile();
  const { item, stage, actions } = view;
  const { plan } = item;
  const note =
    stage?.note &&
    t(
      stage.note.key,
      Object.fromEntries(
        Object.entries(stage.note.params).map(([k, v]) => [k, k === 'time' ? formatDateTime(v) : v]),
      ),
    );
  const school = item.result?.admissionStatus === ADMISSION_STATUS.admitted && item.result.officeSchool;
  return (
    <Card
      size="small"
      data-testid="my-enroll-item"
      data-plan-id={plan.id}
      style={{ height: '100%' }}
      styles={{ body: { padding: mobile ? 12 : 16 } }}
    >
      <Space direction="vertical" size={10} style={{ width: '100%' }}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="my-enroll-plan">
            {plan.name}
          </Typography.Title>
          <Space size={6} wrap style={{ marginTop: 6 }}>
            <Tag style={{ marginInlineEnd: 0 }}>{t('web.myEnroll.year', { year: plan.year })}</Tag>
            {view.current && (
              <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="my-enroll-current">
                {t('web.myEnroll.current')}
              </Tag>
            )}
            {stage ? (
              <StageTag state={stage.state} testId="my-enroll-state" />
            ) : (
              <Tag style={{ marginInlineEnd: 0 }} data-testid="my-enroll-state" data-state="purged">
                {t('web.myEnroll.purgedTag')}
              </Tag>
            )}
          </Space>
        </div>
        <Descriptions
          size="small"
          column={1}
          colon={false}
          styles={{ label: { color: 'rgba(0, 0, 0, 0.65)' } }}
          items={[
            {
              key: 'serialNo',
              label: t('field.serialNo'),
              children: (
                <span data-testid="my-enroll-serial">{item.serialNo ?? t('web.myEnroll.serialPending')}</span>
              ),
            },
            ...(stage
              ? [
                  {
                    key: 'phase',
                    label: t('home.phase'),
                    children: t(`plan.phase.${stage.phase.phase}`),
                  },
                ]
              : []),
            ...(school
              ? [
                  {
                    key: 'school',
                    label: t('field.officeSchool'),
                    children: <span data-testid="my-enroll-school">{school}</span>,
                  },
                ]
              : []),
          ]}
        />
        {stage?.state === 'rejected' && (
          <Alert type="error" showIcon message={t('home.reason', { reason: stage.reason || '-' })} />
        )}
        {stage === null ? (
          <Alert
            type="info"
            showIcon
            data-testid="my-enroll-purged"
            message={t('web.planPage.purged')}
            description={t('web.planPage.purgedDesc')}
          />
        ) : (
          note && (
            <Typography.Paragraph style={{ margin: 0 }} data-testid="my-enroll-note">
              {note}
            </Typography.Paragraph>
          )
        )}
        {actions.length > 0 && (
          <Space wrap size={8}>
            {actions.map((a) => (
              <Button
                key={a.key}
                type={a.primary ? 'primary' : 'default'}
                icon={ACTION_ICON[a.key]}
                data-testid={`my-enroll-${a.key}`}
                onClick={() => navigate(a.path)}
              >
                {t(ACTION_LABEL[a.key])}
              </Button>
            ))}
          </Space>
        )}
      </Space>
    </Card>
  );
}
