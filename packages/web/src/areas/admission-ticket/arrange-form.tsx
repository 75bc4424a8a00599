import {
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
  type FormInstance,
} from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ARRANGEMENT_LABELS,
  arrangementSchema,
  examSiteSchema,
  maxLengthOf,
  ROOM_SIZE_DEFAULT,
  ROOM_SIZE_MAX,
  type ArrangementInput,
  type PlanOption,
} from '@tegang/domain';
import { RegionCascader } from '../../components/region-cascader';
import { schemaRule } from '../../components/rules';

/**
 * The settings form of 编排考场 (spec §3 "Admission ticket"): the plan, the room size (default 30),
 * the exam date and time, the room notice and the exam sites (code 01–99, name, address, the city or
 * county it serves, picked in the region cascader → its 6-digit code). Rules from the domain's
 * arrangementSchema and examSiteSchema.
 */

export interface SiteValues {
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

/**
 * The plan, room size, date, time and notice fields. `plans` fill the plan select.
 */
function ArrangeSettings(props: { plans: PlanOption[] }) {
  const { t } = useTranslation();
  return (
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
        <Form.Item name="roomSize" label={t(label('roomSize'))} required rules={rule(A.roomSize, 'roomSize')}>
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
  );
}

/**
 * The exam sites (Form.List, at least one). `touch` tells the dialog the settings changed (a row
 * added or removed is no field change of its own).
 */
function ArrangeSites(props: { form: FormInstance<ArrangeValues>; touch: () => void }) {
  const { t } = useTranslation();
  const { form, touch } = props;
  return (
    <>
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
    </>
  );
}

/**
 * The arrangement's settings form (see above). `loading` disables it while the plan's last settings
 * load; `onPlan` hears the plan chosen; `touch` runs after every edit (the dialog compares the
 * settings on screen with the previewed ones).
 */
export function ArrangeForm(props: {
  form: FormInstance<ArrangeValues>;
  plans: PlanOption[];
  loading: boolean;
  onPlan: (planId: number | undefined) => void;
  touch: () => void;
}) {
  return (
    <Form<ArrangeValues>
      form={props.form}
      layout="vertical"
      disabled={props.loading}
      onValuesChange={(changed: ArrangeValues) => {
        if ('planId' in changed) props.onPlan(changed.planId);
        props.touch();
      }}
    >
      <ArrangeSettings plans={props.plans} />
      <ArrangeSites form={props.form} touch={props.touch} />
    </Form>
  );
}
