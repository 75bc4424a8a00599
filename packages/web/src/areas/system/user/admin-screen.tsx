import { useMemo } from 'react';
import { App, Form, Select, Tag, Typography } from 'antd';
import { ProFormRadio, ProFormSwitch, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PERMISSIONS,
  userCreateSchema,
  PASSWORD_MAX,
  PHONE_LENGTH,
  USER_NAME_MAX,
  USER_STATE,
} from '@tegang/domain';
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
import {
  CrudTable,
  RowButton,
  SchemaFormItem,
  SchemaPasswordField,
  SchemaTextField,
  TreeSelectField,
  useActions,
  useDictEnum,
  useOptionsEnum,
  type CrudConfig,
} from '../../../components/crud';
import { DictSelect } from '../../../components/dict';
import {
  RegionCascader,
  regionCodesOfValue,
  regionPathOf,
  useRegionScopeTree,
} from '../../../components/region-cascader';
import { session } from '../../../admin/session';
import { createTimeColumn, titleOf, toSelectNodes } from '../shared';
import { schemaRule } from '../../../components/rules';

/** The form's fields: labels field.*, rules and input limits from the server's schema. */
const F = { schema: userCreateSchema };

/** User management (/system/user/index; spec §2 "Users", §3 System user, §5, §7 "Users"). */

type UserForm = {
  nickName: string;
  sex?: string;
  userName: string;
  password?: string;
  departmentId?: number;
  region?: string[];
  roleIds: number[];
  state: string;
  phone?: string;
  supervision?: boolean;
};

const S = userCreateSchema.shape;

const stateBadge = (value: string) => (value === USER_STATE.enabled ? 'Success' : 'Error');

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

  const columns: ProColumns<SysUser>[] = [
    { title: t('field.userName'), dataIndex: 'userName', width: 130, ellipsis: true },
    { title: t('field.nickName'), dataIndex: 'nickName', width: 130, ellipsis: true },
    { title: t('field.sex'), dataIndex: 'sex', valueEnum: sex, search: false, width: 100, ellipsis: true },
    { title: t('field.phone'), dataIndex: 'phone', width: 130 },
    {
      title: t('field.departmentId'),
      dataIndex: 'departmentId',
      valueType: 'treeSelect',
      width: 150,
      ellipsis: true,
      fieldProps: { treeData: departments, treeDefaultExpandAll: true, allowClear: true },
      render: (_dom, row) => titleOf(departments, row.departmentId) ?? '-',
    },
    {
      title: t('field.roleIds'),
      dataIndex: 'roleIds',
      search: false,
      width: 180,
      render: (_dom, row) =>
        row.roleIds?.length
          ? row.roleIds.map((id) => (
              <Tag key={id} style={{ marginBlock: 2 }}>
                {roleName(id)}
              </Tag>
            ))
          : '-',
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
        <>
          <SchemaTextField {...F} name="nickName" required testId="sys-user-nickName" />
          <SchemaFormItem {...F} name="sex" required>
            <DictSelect type="sys_user_sex" data-testid="sys-user-sex" />
          </SchemaFormItem>
          <SchemaTextField
            {...F}
            name="userName"
            required
            maxLength={USER_NAME_MAX}
            fieldProps={{ autoComplete: 'off' }}
            testId="sys-user-userName"
          />
          {mode === 'create' && (
            <SchemaPasswordField
              {...F}
              name="password"
              required
              maxLength={PASSWORD_MAX}
              fieldProps={{ autoComplete: 'new-password' }}
              testId="sys-user-password"
            />
          )}
          <TreeSelectField
            name="departmentId"
            label={t('field.departmentId')}
            rules={[schemaRule(S.departmentId, 'field.departmentId')]}
            treeData={departments}
            expandAll
            testId="sys-user-department"
          />
          <Form.Item
            name="region"
            label={t('field.region')}
            rules={[{ required: true, message: t('rule.required', { label: t('field.region') }) }]}
          >
            <RegionCascader data-testid="sys-user-region" />
          </Form.Item>
          <SchemaFormItem {...F} name="roleIds" required>
            <Select
              mode="multiple"
              options={roles.map((r) => ({ value: r.id, label: r.name }))}
              optionFilterProp="label"
              placeholder={t('common.pleaseSelect')}
              data-testid="sys-user-roles"
            />
          </SchemaFormItem>
          <ProFormRadio.Group
            name="state"
            required
            label={t('field.state')}
            rules={[schemaRule(S.state, 'field.state')]}
            options={states.options}
            fieldProps={{ 'data-testid': 'sys-user-state-radio' } as object}
          />
          <SchemaTextField {...F} name="phone" maxLength={PHONE_LENGTH} testId="sys-user-phone" />
          {/* spec §3 "User session": a supervision account's console shows no notice control */}
          <ProFormSwitch
            name="supervision"
            label={t('sys.user.supervision')}
            extra={t('sys.user.supervisionHint')}
            fieldProps={{ 'data-testid': 'sys-user-supervision' } as object}
          />
        </>
      ),
    },
  };

  return <CrudTable config={config} />;
}
