import { Alert, Form, Input } from 'antd';
import { ProFormText, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  CANDIDATE_STATE,
  ENROLL_DICT_FIELDS,
  PERMISSIONS,
  PHONE_LENGTH,
  checkPhone,
  isEmpty,
  maxLengthsOf,
  registeredPersonnelQuerySchema,
} from '@tegang/domain';
import {
  candidateStateOptions,
  deletePersonnel,
  deletePersonnelMany,
  getPersonnel,
  pagePersonnel,
  updatePersonnelPhone,
  type CandidateAccount,
  type PersonnelQuery,
} from './api';
import { CrudTable, useDictEnum, useOptionsEnum, type CrudConfig } from '../../components/crud';
import { useRegionSearchColumn } from '../../components/region-search-column';
import { ruleOf } from '../../components/rules';
import { createTimeColumn } from '../system/shared';

/** Input limits of the search, read from the schema the server validates with. */
const QUERY_MAX = maxLengthsOf(registeredPersonnelQuerySchema);
const stateBadge = (value: string) => (value === CANDIDATE_STATE.active ? 'Success' : 'Error');
const phoneRule = ruleOf((value) => (isEmpty(value) ? 'rule.phone.empty' : checkPhone(value)));

/** The counties a candidate applied to, or 未报名. */
const regionsText = (row: CandidateAccount, none: string) =>
  row.regions.length ? [...new Set(row.regions.map((r) => r.enrollCounty))].join('、') : none;

/**
 * Registered personnel (/candidate/registeredPersonnel/index; spec §2 "Registered personnel"): the
 * candidate accounts inside the caller's region (masked ID numbers), searchable by the region applied
 * to; detail with the whole ID number; the phone is the only editable field; delete (refused by the
 * server once the candidate has applied).
 */
export default function RegisteredPersonnelPage() {
  const { t } = useTranslation();
  const regionColumn = useRegionSearchColumn<CandidateAccount>({
    titleKey: 'field.candidateUser.region',
    disabledReasonKey: 'admin.enroll.regionDisabled',
    testId: 'personnel-search-region',
  });
  const gender = useDictEnum(ENROLL_DICT_FIELDS.gender);
  const states = useOptionsEnum('candidateUserState', candidateStateOptions, stateBadge);
  const none = t('admin.candidateUser.notApplied');

  const columns: ProColumns<CandidateAccount>[] = [
    { title: t('field.userName'), dataIndex: 'userName', search: false, width: 130, ellipsis: true },
    {
      title: t('field.realName'),
      dataIndex: 'realName',
      width: 110,
      fieldProps: { maxLength: QUERY_MAX.realName, 'data-testid': 'personnel-search-name' },
    },
    {
      title: t('field.idCard'),
      dataIndex: 'idCard',
      width: 190,
      fieldProps: { maxLength: QUERY_MAX.idCard, 'data-testid': 'personnel-search-idcard' },
    },
    { title: t('field.gender'), dataIndex: 'gender', valueEnum: gender, search: false, width: 70 },
    {
      title: t('field.telephone'),
      dataIndex: 'telephone',
      width: 130,
      fieldProps: { maxLength: QUERY_MAX.telephone, 'data-testid': 'personnel-search-phone' },
    },
    regionColumn,
    {
      title: t('field.candidateUser.region'),
      dataIndex: 'regions',
      search: false,
      ellipsis: true,
      width: 150,
      render: (_dom, row) => regionsText(row, none),
    },
    {
      title: t('field.state'),
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: states.valueEnum,
      width: 90,
    },
    createTimeColumn(t, 160),
  ];

  const config: CrudConfig<
    CandidateAccount,
    { telephone: string },
    Omit<PersonnelQuery, 'current' | 'size'>,
    { id: number; telephone: string }
  > = {
    name: t('admin.candidateUser.entity'),
    title: t('admin.candidateUser.personnelTitle'),
    testId: 'personnel',
    columns,
    api: {
      page: pagePersonnel,
      get: (id) => getPersonnel(Number(id)),
      update: (payload) => updatePersonnelPhone({ id: payload.id, telephone: payload.telephone }),
      remove: (id) => deletePersonnel(Number(id)),
      removeMany: (ids) => deletePersonnelMany(ids.map(Number)),
    },
    permissions: {
      edit: PERMISSIONS.registeredPersonnel.edit,
      remove: PERMISSIONS.registeredPersonnel.remove,
      detail: PERMISSIONS.registeredPersonnel.query,
    },
    rowLabel: (row) => row.realName,
    editLabel: t('admin.candidateUser.editPhone'),
    actionsWidth: 240,
    form: {
      loadRecord: false,
      labelWidth: 96,
      title: ({ record }) => t('admin.candidateUser.editPhoneTitle', { name: record?.realName ?? '' }),
      initialValues: ({ record }) => ({ telephone: record?.telephone ?? '' }),
      toPayload: (values, { record }) => ({ id: record!.id, telephone: values.telephone.trim() }),
      fields: ({ record }) => (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('admin.candidateUser.identityNote')}
          />
          <Form.Item label={t('field.realName')}>
            <Input value={record?.realName} disabled />
          </Form.Item>
          <Form.Item label={t('field.idCard')}>
            <Input value={record?.idCard} disabled />
          </Form.Item>
          <ProFormText
            name="telephone"
            label={t('field.telephone')}
            required
            rules={[phoneRule]}
            fieldProps={{
              maxLength: PHONE_LENGTH,
              inputMode: 'numeric',
              'data-testid': 'personnel-phone-input',
            }}
          />
        </>
      ),
    },
    detail: {
      groups: [
        {
          title: t('admin.candidateUser.entity'),
          columns: [
            { title: t('field.userName'), dataIndex: 'userName' },
            { title: t('field.realName'), dataIndex: 'realName' },
            { title: t('field.idCard'), dataIndex: 'idCard' },
            {
              title: t('field.gender'),
              key: 'gender',
              render: (_dom, row) => gender.get(row.gender)?.text ?? row.gender,
            },
            { title: t('field.telephone'), dataIndex: 'telephone' },
            {
              title: t('field.state'),
              key: 'state',
              render: (_dom, row) => states.valueEnum.get(row.state)?.text ?? row.state,
            },
            {
              title: t('field.candidateUser.stateReason'),
              key: 'stateReason',
              render: (_dom, row) => row.stateReason || '-',
            },
            {
              title: t('field.candidateUser.region'),
              key: 'regions',
              render: (_dom, row) => regionsText(row, none),
            },
          ],
        },
      ],
    },
  };

  return <CrudTable config={config} />;
}
