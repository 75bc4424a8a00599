import { useState } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  CANDIDATE_STATE,
  ENROLL_DICT_FIELDS,
  PERMISSIONS,
  candidateUserQuerySchema,
  maxLengthsOf,
} from '@tegang/domain';
import {
  candidateStateOptions,
  pageCandidateStates,
  updateCandidateState,
  type CandidateAccount,
  type CandidateStateQuery,
} from './api';
import {
  CrudTable,
  RowButton,
  useActions,
  useDictEnum,
  useOptionsEnum,
  type CrudConfig,
} from '../../components/crud';
import { createTimeColumn } from '../system/shared';
import { DisableDialog, type DisableTarget } from './disable-dialog';

/** Input limits of the search, read from the schema the server validates with. */
const QUERY_MAX = maxLengthsOf(candidateUserQuerySchema);
const stateBadge = (value: string) => (value === CANDIDATE_STATE.active ? 'Success' : 'Error');

/**
 * Candidate account state (/candidate/candidateUserState/index; spec §2 "Candidate user state list"):
 * candidates inside the caller's region with masked ID numbers; 启用 after a confirmation, 停用 with a
 * required reason (told to the candidate at login) and a confirmation.
 */
export default function CandidateUserStatePage() {
  const { t } = useTranslation();
  const actions = useActions();
  const gender = useDictEnum(ENROLL_DICT_FIELDS.gender);
  const states = useOptionsEnum('candidateUserState', candidateStateOptions, stateBadge);
  const [disabling, setDisabling] = useState<DisableTarget | null>(null);

  const enable = (row: CandidateAccount, reload: () => void) =>
    actions.confirm({
      content: t('admin.candidateUser.enableConfirm', { name: row.realName }),
      okTestId: 'cand-state-enable-ok',
      call: () => updateCandidateState(row.id, CANDIDATE_STATE.active),
      reload,
    });

  const columns: ProColumns<CandidateAccount>[] = [
    {
      title: t('field.realName'),
      dataIndex: 'realName',
      width: 110,
      fieldProps: { maxLength: QUERY_MAX.realName, 'data-testid': 'cand-state-search-name' },
    },
    {
      title: t('field.idCard'),
      dataIndex: 'idCard',
      width: 190,
      fieldProps: { maxLength: QUERY_MAX.idCard, 'data-testid': 'cand-state-search-idcard' },
    },
    { title: t('field.gender'), dataIndex: 'gender', valueEnum: gender, search: false, width: 70 },
    {
      title: t('field.telephone'),
      dataIndex: 'telephone',
      width: 130,
      fieldProps: { maxLength: QUERY_MAX.telephone, 'data-testid': 'cand-state-search-phone' },
    },
    {
      title: t('field.state'),
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: states.valueEnum,
      width: 90,
    },
    {
      title: t('field.candidateUser.stateReason'),
      dataIndex: 'stateReason',
      search: false,
      ellipsis: true,
      width: 200,
      render: (_dom, row) => row.stateReason || '-',
    },
    createTimeColumn(t, 160),
  ];

  const config: CrudConfig<
    CandidateAccount,
    Record<string, never>,
    Omit<CandidateStateQuery, 'current' | 'size'>
  > = {
    name: t('admin.candidateUser.entity'),
    title: t('admin.candidateUser.stateTitle'),
    testId: 'cand-state',
    columns,
    api: { page: pageCandidateStates },
    permissions: {},
    rowLabel: (row) => row.realName,
    actionsWidth: 120,
    rowActions: (row, ctx) =>
      ctx.can(PERMISSIONS.candidateUserState.state)
        ? [
            row.state === CANDIDATE_STATE.active ? (
              <RowButton
                key="disable"
                danger
                testId={`cand-state-disable-${row.id}`}
                onClick={() =>
                  setDisabling({
                    name: row.realName,
                    call: (reason: string) => updateCandidateState(row.id, CANDIDATE_STATE.disabled, reason),
                    reload: ctx.reload,
                  })
                }
              >
                {t('admin.candidateUser.disable')}
              </RowButton>
            ) : (
              <RowButton
                key="enable"
                testId={`cand-state-enable-${row.id}`}
                onClick={() => enable(row, ctx.reload)}
              >
                {t('admin.candidateUser.enable')}
              </RowButton>
            ),
          ]
        : [],
  };

  return (
    <>
      <CrudTable config={config} />
      <DisableDialog target={disabling} onClose={() => setDisabling(null)} />
    </>
  );
}
