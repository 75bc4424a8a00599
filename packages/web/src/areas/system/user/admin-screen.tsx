import { useMemo } from 'react';
import { App, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, USER_STATE } from '@tegang/domain';
import {
  createUser,
  deleteUser,
  deleteUsers,
  departmentTreeSelect,
  listAllRoles,
  pageUsers,
  resetUserPassword,
  updateUser,
  updateUserState,
  userStates,
  type SysUser,
  type UserQuery,
} from '../api';
import { UserFields, userColumns, type UserForm } from './admin-data';
import {
  CrudTable,
  RowButton,
  useActions,
  useDictEnum,
  useOptionsEnum,
  type CrudConfig,
} from '../../../components/crud';
import { regionCodesOfValue, regionPathOf, useRegionScopeTree } from '../../../components/region-cascader';
import { session } from '../../../admin/session';
import { toSelectNodes } from '../shared';

/** User management (/system/user/index; spec §2 "Users", §3 System user, §5, §7 "Users"). */

const stateBadge = (value: string) => (value === USER_STATE.enabled ? 'Success' : 'Error');

/**
 * The users screen (see above): columns and fields from admin-data; the state toggle, the password
 * reset (its new password shown once) and the region codes of the payload here.
 */
export default function UserPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const actions = useActions();
  const sex = useDictEnum('sys_user_sex');
  const states = useOptionsEnum('sysUserState', userStates, stateBadge);
  const { data: regionTree = [] } = useRegionScopeTree();
  const { data: depTree } = useQuery({
    queryKey: ['system', 'departmentTreeSelect'],
    queryFn: departmentTreeSelect,
  });
  const departments = useMemo(() => toSelectNodes(depTree), [depTree]);
  const { data: roles = [] } = useQuery({ queryKey: ['system', 'listAllRole'], queryFn: listAllRoles });
  const roleName = (id: number) => roles.find((r) => r.id === id)?.name ?? String(id);

  const toggleState = (row: SysUser, reload: () => void) => {
    const next = states.options.find((o) => o.value !== row.state);
    actions.confirm({
      content: t('sys.user.stateConfirm', { name: row.userName, state: next?.label ?? '' }),
      okTestId: 'sys-user-state-ok',
      call: () => updateUserState(row.id),
      reload,
    });
  };

  const resetPassword = (row: SysUser) =>
    actions.confirm({
      content: t('sys.user.resetConfirm', { name: row.userName }),
      okTestId: 'sys-user-reset-ok',
      call: () => resetUserPassword(row.id),
      successKey: false, // the new password's dialog says it
      onSuccess: (password) =>
        modal.info({
          title: t('sys.user.resetPsw'),
          okText: t('common.confirm'),
          okButtonProps: { 'data-testid': 'sys-user-password-close' },
          content: (
            <div data-testid="sys-user-new-password">
              <p>{t('sys.user.newPassword', { name: row.userName })}</p>
              <Typography.Text
                code
                strong
                style={{ fontSize: 16 }}
                copyable={{ text: password, tooltips: [t('sys.user.copy'), t('sys.user.copied')] }}
                data-testid="sys-user-new-password-value"
              >
                {password}
              </Typography.Text>
            </div>
          ),
        }),
    });
  const columns = userColumns(t, { sex, states: states.valueEnum, departments, roleName });

  const config: CrudConfig<SysUser, UserForm, Omit<UserQuery, 'current' | 'size'>> = {
    name: t('sys.user.entity'),
    title: t('sys.user.title'),
    testId: 'sys-user',
    columns,
    api: {
      page: pageUsers,
      create: createUser,
      update: updateUser,
      remove: deleteUser,
      removeMany: deleteUsers,
    },
    permissions: {
      add: PERMISSIONS.user.add,
      edit: PERMISSIONS.user.edit,
      remove: PERMISSIONS.user.remove,
    },
    rowLabel: (row) => row.userName,
    actionsWidth: 260,
    rowActions: (row, ctx) => [
      ...(ctx.can(PERMISSIONS.user.state)
        ? [
            <RowButton key="state" testId="sys-user-state" onClick={() => toggleState(row, ctx.reload)}>
              {row.state === USER_STATE.enabled ? t('sys.user.disable') : t('sys.user.enable')}
            </RowButton>,
          ]
        : []),
      ...(ctx.can(PERMISSIONS.user.resetPsw)
        ? [
            <RowButton key="reset" testId="sys-user-reset" onClick={() => resetPassword(row)}>
              {t('sys.user.resetPsw')}
            </RowButton>,
          ]
        : []),
    ],
    form: {
      initialValues: ({ record }) =>
        record
          ? {
              nickName: record.nickName,
              sex: record.sex ?? undefined,
              userName: record.userName,
              departmentId: record.departmentId ?? undefined,
              region: regionPathOf(
                regionTree,
                record.countyCode || record.cityCode || record.provinceCode || undefined,
              ),
              roleIds: record.roleIds ?? [],
              state: record.state,
              phone: record.phone ?? undefined,
              supervision: record.supervision ?? false,
            }
          : { state: USER_STATE.enabled, roleIds: [], supervision: false },
      toPayload: (values, { mode }) => {
        const codes = regionCodesOfValue(regionTree, values.region);
        // the scope tree of a province or city administrator starts below their own level
        const me = session.get().info?.user;
        if (codes.countyCode && !codes.cityCode) codes.cityCode = me?.cityCode ?? '';
        if (codes.cityCode && !codes.provinceCode) codes.provinceCode = me?.provinceCode ?? '';
        return {
          nickName: values.nickName.trim(),
          sex: values.sex ?? null,
          userName: values.userName.trim(),
          ...(mode === 'create' ? { password: values.password } : {}),
          departmentId: values.departmentId ?? null,
          ...codes,
          roleIds: values.roleIds,
          state: values.state,
          phone: values.phone?.trim() || null,
          supervision: values.supervision ?? false,
        };
      },
      fieldName: (field) => (['provinceCode', 'cityCode', 'countyCode'].includes(field) ? 'region' : field),
      fields: ({ mode }) => (
        <UserFields mode={mode} departments={departments} roles={roles} stateOptions={states.options} />
      ),
    },
  };

  return <CrudTable config={config} />;
}
