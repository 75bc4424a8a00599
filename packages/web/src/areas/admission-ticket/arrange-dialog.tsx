import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';
import { DeleteOutlined, EyeOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ARRANGEMENT_LABELS,
  arrangementSchema,
  examSiteSchema,
  maxLengthOf,
  ROOM_SIZE_DEFAULT,
  ROOM_SIZE_MAX,
  type ArrangedRoom,
  type ArrangementInput,
  type ArrangementResult,
  type PlanOption,
} from '@tegang/domain';
import { useActions, useDictEnum } from '../../components/crud';
import { DisabledReason } from '../../components/disabled-reason';
import { RegionCascader, regionPathOf, useRegionScopeTree } from '../../components/region-cascader';
import { schemaRule } from '../../components/rules';
import { getArrangement, previewArrangement, saveArrangement } from './admin-api';

/**
 * 编排考场 (room and seat arrangement, spec §3 "Admission ticket"): the plan, the room size (default 30), the exam date
 * and time, the room notice and the exam sites (code 01–99, name, address, the city or county it
 * serves, picked in the region cascader → its 6-digit code), prefilled from GET arrange/{planId}.
 * 预览 (POST arrange/preview) shows what would be written — applicants, to arrange, kept distributed,
 * the rooms per site/room/session/subject with their seats, and the applicants under no site (a
 * warning). 保存 is enabled only after a preview of exactly the settings on screen, and asks first
 * (POST arrange); `onSaved` then reloads the list. Test ids: `arrange-*`.
 */

interface SiteValues {
  code?: string;
  name?: string;
  address?: string;
  /** Cascader path of codes; the last one is the site's region code. */
  region?: string[];
}
export interface ArrangeValues {
  planId?: number;
  roomSize?: number;
  examDate?: string;
  examTime?: string;
  examinationRoomNotice?: string;
  sites?: SiteValues[];
}

const DATE = 'YYYY-MM-DD';
const A = arrangementSchema.shape;
const S = examSiteSchema.shape;
const label = (field: string) => ARRANGEMENT_LABELS[field] ?? `field.${field}`;
const rule = (schema: Parameters<typeof schemaRule>[0], field: string): Rule[] => [
  schemaRule(schema, label(field)),
];

/** The domain's region-code rule run on the cascader's last code. */
const regionRule: Rule = {
  validator: (r, value: string[] | undefined) =>
    (schemaRule(S.regionCode, label('regionCode')) as RuleObject).validator!(
      r,
      value?.at(-1),
      () => undefined,
    ),
};

/** The API input of the form's values (what preview and save send). */
export function arrangementOf(values: ArrangeValues): ArrangementInput {
  return {
    planId: values.planId ?? 0,
    roomSize: values.roomSize ?? ROOM_SIZE_DEFAULT,
    examDate: values.examDate ?? '',
    examTime: (values.examTime ?? '').trim(),
    examinationRoomNotice: (values.examinationRoomNotice ?? '').trim(),
    sites: (values.sites ?? []).map((s) => ({
      code: (s.code ?? '').trim(),
      name: (s.name ?? '').trim(),
      address: (s.address ?? '').trim(),
      regionCode: s.region?.at(-1) ?? '',
    })),
  };
}

/** Two digits after the highest code in use (01, 02 …). */
const nextSiteCode = (sites: SiteValues[] | undefined) => {
  const used = (sites ?? []).map((s) => Number(s?.code) || 0);
  return String(Math.min(99, Math.max(0, ...used) + 1)).padStart(2, '0');
};

/** The 编排考场 dialog (see above); `planId` preselects the plan chosen in the list's search. */
export function ArrangeDialog(props: {
  open: boolean;
  plans: PlanOption[];
  /** The plan chosen in the list's search, if any. */
  planId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const [form] = Form.useForm<ArrangeValues>();
  const { data: regionTree = [] } = useRegionScopeTree(props.open);
  const sessions = useDictEnum('recruit_learning_period');
  const subjects = useDictEnum('recruit_subject');
  const [planId, setPlanId] = useState<number | undefined>(props.planId);
  const [loading, setLoading] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [preview, setPreview] = useState<{ key: string; roomSize: number; result: ArrangementResult } | null>(
    null,
  );
  // The settings on screen as sent (read again after every edit), to compare with the preview's.
  const [current, setCurrent] = useState('');
  const touch = () => setCurrent(JSON.stringify(arrangementOf(form.getFieldsValue(true) as ArrangeValues)));

  // Opening: the list's plan (or the last one chosen here).
  useEffect(() => {
    if (props.open) setPlanId((p) => props.planId ?? p);
  }, [props.open, props.planId]);

  // A plan chosen: its last settings, or the defaults.
  useEffect(() => {
    if (!props.open) return;
    setPreview(null);
    const defaults: ArrangeValues = { planId, roomSize: ROOM_SIZE_DEFAULT, sites: [{ code: '01' }] };
    form.setFieldsValue({
      ...defaults,
      examDate: undefined,
      examTime: undefined,
      examinationRoomNotice: undefined,
    });
    touch();
    if (!planId) return;
    let live = true;
    setLoading(true);
    getArrangement(planId)
      .then((last) => {
        if (!live || !last) return;
        form.setFieldsValue({
          planId,
          roomSize: last.roomSize,
          examDate: last.examDate,
          examTime: last.examTime,
          examinationRoomNotice: last.examinationRoomNotice,
          sites: last.sites.map((s) => ({
            code: s.code,
            name: s.name,
            address: s.address,
            region: regionPathOf(regionTree, s.regionCode).length
              ? regionPathOf(regionTree, s.regionCode)
              : [s.regionCode],
          })),
        });
        touch();
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // the region tree only maps saved codes to paths; it is not a reason to reload the settings
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open, planId, form]);

  const previewed = !!preview && preview.key === current;
  const planName = props.plans.find((p) => p.id === planId)?.name ?? '';

  const runPreview = async () => {
    let values: ArrangeValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const input = arrangementOf({ ...form.getFieldsValue(true), ...values });
    setPreviewing(true);
    try {
      const result = await previewArrangement(input);
      setPreview({ key: JSON.stringify(input), roomSize: input.roomSize, result });
    } catch {
      // shown by the request client
    } finally {
      setPreviewing(false);
    }
  };

  const save = () => {
    if (!previewed) return;
    const input = arrangementOf(form.getFieldsValue(true) as ArrangeValues);
    actions.confirm({
      content: t('admin.ticket.arrange.saveConfirm', { plan: planName, count: preview.result.arranged }),
      okTestId: 'arrange-save-ok',
      call: () => saveArrangement(input),
      successKey: 'admin.ticket.arrange.saved',
      reload: () => {
        props.onSaved();
        props.onClose();
      },
    });
  };

  const roomColumns = [
    {
      title: t('field.examPlace'),
      key: 'site',
      render: (_: unknown, r: ArrangedRoom) => `${r.siteCode} ${r.siteName}`,
    },
    { title: t('field.examRoomNumber'), dataIndex: 'roomNumber', width: 90 },
    {
      title: t('field.academicSession'),
      dataIndex: 'academicSession',
      width: 100,
      render: (v: string) => sessions.get(v)?.text ?? v,
    },
    {
      title: t('field.subject'),
      dataIndex: 'subject',
      width: 100,
      render: (v: string) => subjects.get(v)?.text ?? v,
    },
    {
      title: t('admin.ticket.arrange.seats'),
      key: 'seats',
      width: 110,
      align: 'right' as const,
      render: (_: unknown, r: ArrangedRoom) =>
        `${r.seats}/${preview?.roomSize ?? ''}${r.kept ? ` (${t('admin.ticket.arrange.keptShort', { count: r.kept })})` : ''}`,
    },
  ];

  return (
    <Modal
      open={props.open}
      title={t('screen.button.arrange')}
      width={960}
      maskClosable={false}
      onCancel={props.onClose}
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', paddingRight: 8 } }}
      footer={
        <Space wrap>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            icon={<EyeOutlined />}
            loading={previewing}
            onClick={() => void runPreview()}
            data-testid="arrange-preview"
          >
            {t('admin.ticket.arrange.preview')}
          </Button>
          <DisabledReason reason={previewed ? null : t('admin.ticket.arrange.previewFirst')}>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!previewed}
              onClick={save}
              data-testid="arrange-save"
            >
              {t('admin.ticket.arrange.save')}
            </Button>
          </DisabledReason>
        </Space>
      }
    >
      <div data-testid="arrange-dialog">
        <Form<ArrangeValues>
          form={form}
          layout="vertical"
          disabled={loading}
          onValuesChange={(changed: ArrangeValues) => {
            if ('planId' in changed) setPlanId(changed.planId);
            touch();
          }}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="planId" label={t('field.planId')} required rules={rule(A.planId, 'planId')}>
                <Select
                  showSearch
                  optionFilterProp="label"
                  placeholder={t('common.pleaseSelect')}
                  options={props.plans.map((p) => ({ value: p.id, label: `${p.year} · ${p.name}` }))}
                  data-testid="arrange-plan"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="roomSize"
                label={t(label('roomSize'))}
                required
                rules={rule(A.roomSize, 'roomSize')}
              >
                <InputNumber
                  min={1}
                  max={ROOM_SIZE_MAX}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="arrange-room-size"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="examDate"
                label={t(label('examDate'))}
                required
                rules={rule(A.examDate, 'examDate')}
                getValueProps={(value?: string) => ({ value: value ? dayjs(value, DATE) : undefined })}
                normalize={(value?: Dayjs | null) => (value ? value.format(DATE) : undefined)}
              >
                <DatePicker style={{ width: '100%' }} format={DATE} data-testid="arrange-exam-date" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="examTime"
                label={t(label('examTime'))}
                required
                rules={rule(A.examTime, 'examTime')}
                extra={t('admin.ticket.arrange.examTimeHint')}
              >
                <Input maxLength={maxLengthOf(A.examTime)} data-testid="arrange-exam-time" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="examinationRoomNotice"
                label={t(label('examinationRoomNotice'))}
                required
                rules={rule(A.examinationRoomNotice, 'examinationRoomNotice')}
              >
                <Input.TextArea
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  maxLength={maxLengthOf(A.examinationRoomNotice)}
                  data-testid="arrange-notice"
                />
              </Form.Item>
            </Col>
          </Row>

          <Typography.Title level={5}>{t(label('sites'))}</Typography.Title>
          <Form.List
            name="sites"
            rules={[
              {
                validator: (_r, sites?: SiteValues[]) =>
                  sites?.length ? Promise.resolve() : Promise.reject(new Error(t('arrange.sitesRequired'))),
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <div data-testid="arrange-sites">
                {fields.map((field, i) => (
                  <Row key={field.key} gutter={8} align="top" data-testid={`arrange-site-${i}`}>
                    <Col xs={8} md={3}>
                      <Form.Item
                        name={[field.name, 'code']}
                        label={i === 0 ? t(label('code')) : undefined}
                        rules={rule(S.code, 'code')}
                      >
                        <Input maxLength={2} inputMode="numeric" data-testid={`arrange-site-code-${i}`} />
                      </Form.Item>
                    </Col>
                    <Col xs={16} md={5}>
                      <Form.Item
                        name={[field.name, 'name']}
                        label={i === 0 ? t(label('name')) : undefined}
                        rules={rule(S.name, 'name')}
                      >
                        <Input maxLength={maxLengthOf(S.name)} data-testid={`arrange-site-name-${i}`} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'address']}
                        label={i === 0 ? t(label('address')) : undefined}
                        rules={rule(S.address, 'address')}
                      >
                        <Input maxLength={maxLengthOf(S.address)} data-testid={`arrange-site-address-${i}`} />
                      </Form.Item>
                    </Col>
                    <Col xs={20} md={7}>
                      <Form.Item
                        name={[field.name, 'region']}
                        label={i === 0 ? t(label('regionCode')) : undefined}
                        rules={[regionRule]}
                      >
                        <RegionCascader data-testid={`arrange-site-region-${i}`} />
                      </Form.Item>
                    </Col>
                    <Col xs={4} md={1} style={{ paddingTop: i === 0 ? 30 : 0 }}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('admin.ticket.arrange.removeSite')}
                        onClick={() => {
                          remove(field.name);
                          touch();
                        }}
                        data-testid={`arrange-site-remove-${i}`}
                      />
                    </Col>
                  </Row>
                ))}
                <Form.ErrorList errors={errors} />
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => {
                    add({ code: nextSiteCode(form.getFieldValue('sites') as SiteValues[]) });
                    touch();
                  }}
                  data-testid="arrange-site-add"
                >
                  {t('admin.ticket.arrange.addSite')}
                </Button>
              </div>
            )}
          </Form.List>
        </Form>

        {preview && (
          <div style={{ marginTop: 16 }} data-testid="arrange-result">
            {!previewed && (
              <Alert
                type="info"
                showIcon
                message={t('admin.ticket.arrange.stale')}
                style={{ marginBottom: 12 }}
                data-testid="arrange-stale"
              />
            )}
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 3 }}
              title={t('admin.ticket.arrange.result')}
              items={[
                {
                  key: 'applicants',
                  label: t('admin.ticket.arrange.applicants'),
                  children: <span data-testid="arrange-applicants">{preview.result.applicants}</span>,
                },
                {
                  key: 'arranged',
                  label: t('admin.ticket.arrange.arranged'),
                  children: <span data-testid="arrange-arranged">{preview.result.arranged}</span>,
                },
                {
                  key: 'kept',
                  label: t('admin.ticket.arrange.kept'),
                  children: <span data-testid="arrange-kept">{preview.result.kept}</span>,
                },
              ]}
            />
            {preview.result.unassigned.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: 12 }}
                message={t('admin.ticket.arrange.unassigned', { count: preview.result.unassigned.length })}
                description={
                  <Table
                    size="small"
                    rowKey="enrollId"
                    pagination={preview.result.unassigned.length > 10 ? { pageSize: 10 } : false}
                    dataSource={preview.result.unassigned}
                    scroll={{ x: 420 }}
                    columns={[
                      { title: t('field.name'), dataIndex: 'name', width: 100 },
                      { title: t('field.idCard'), dataIndex: 'idCard', width: 180 },
                      { title: t('field.enrollCounty'), dataIndex: 'enrollCounty' },
                    ]}
                  />
                }
                data-testid="arrange-unassigned"
              />
            )}
            <Table<ArrangedRoom>
              style={{ marginTop: 12 }}
              size="small"
              rowKey={(r) => `${r.siteCode}-${r.roomNumber}`}
              dataSource={preview.result.rooms}
              columns={roomColumns}
              scroll={{ x: 560 }}
              pagination={preview.result.rooms.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              locale={{ emptyText: <Empty description={t('admin.ticket.arrange.noRooms')} /> }}
              data-testid="arrange-rooms"
            />
          </div>
        )}
      </div>
    </Modal>
  );
}
