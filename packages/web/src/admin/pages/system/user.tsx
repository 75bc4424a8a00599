import { useMemo } from 'react';
import { App, Button, Form, Select, Tag, TreeSelect, Typography } from 'antd';
import { ProFormRadio, ProFormText, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, userCreateSchema } from '@tegang/domain';
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
} from '../../../api/system';
import {
  ACTION_STYLE,
  CrudTable,
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
import { session } from '../../session';
import { schemaRule, timeText, titleOf, toSelectNodes } from './shared';
import './strings';

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
};

const S = userCreateSchema.shape;

const stateBadge = (value: string) => (value === '0' ? 'Success' : 'Error');

export default function UserPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
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
    modal.confirm({
      title: t('common.warning'),
      content: t('sys.user.stateConfirm', { name: row.userName, state: next?.label ?? '' }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'sys-user-state-ok' },
      onOk: async () => {
        try {
          const res = await updateUserState(row.id);
          message.success(res.msg || t('common.success'));
          reload();
        } catch {
          // shown by the request client
        }
      },
    });
  };

  const resetPassword = (row: SysUser) =>
    modal.confirm({
      title: t('common.warning'),
      content: t('sys.user.resetConfirm', { name: row.userName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'sys-user-reset-ok' },
      onOk: async () => {
        let password: string;
        try {
          password = await resetUserPassword(row.id);
        } catch {
          return;
        }
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
        });
      },
    });

  const columns: ProColumns<SysUser>[] = [
    { title: t('sys.user.userName'), dataIndex: 'userName', width: 130, ellipsis: true },
    { title: t('sys.user.nickName'), dataIndex: 'nickName', width: 130, ellipsis: true },
    { title: t('sys.user.sex'), dataIndex: 'sex', valueEnum: sex, search: false, width: 100, ellipsis: true },
    { title: t('sys.user.phone'), dataIndex: 'phone', width: 130 },
    {
      title: t('sys.user.department'),
      dataIndex: 'departmentId',
      valueType: 'treeSelect',
      width: 150,
      ellipsis: true,
      fieldProps: { treeData: departments, treeDefaultExpandAll: true, allowClear: true },
      render: (_dom, row) => titleOf(departments, row.departmentId) ?? '-',
    },
    {
      title: t('sys.user.roles'),
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
      title: t('sys.user.state'),
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: states.valueEnum,
      width: 90,
    },
    {
      title: t('sys.createTime'),
      dataIndex: 'createTime',
      search: false,
      width: 160,
      render: (_dom, row) => timeText(row.createTime),
    },
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
            <Button
              key="state"
              type="link"
              size="small"
              style={ACTION_STYLE}
              data-testid="sys-user-state"
              onClick={() => toggleState(row, ctx.reload)}
            >
              {row.state === '0' ? t('sys.user.disable') : t('sys.user.enable')}
            </Button>,
          ]
        : []),
      ...(ctx.can(PERMISSIONS.user.resetPsw)
        ? [
            <Button
              key="reset"
              type="link"
              size="small"
              style={ACTION_STYLE}
              data-testid="sys-user-reset"
              onClick={() => resetPassword(row)}
            >
              {t('sys.user.resetPsw')}
            </Button>,
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
            }
          : { state: '0', roleIds: [] },
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
        };
      },
      fieldName: (field) => (['provinceCode', 'cityCode', 'countyCode'].includes(field) ? 'region' : field),
      fields: ({ mode }) => (
        <>
          <ProFormText
            name="nickName"
            required
            label={t('sys.user.nickName')}
            rules={[schemaRule(S.nickName, 'field.nickName')]}
            fieldProps={{ maxLength: 30, 'data-testid': 'sys-user-nickName' }}
          />
          <Form.Item name="sex" required label={t('sys.user.sex')} rules={[schemaRule(S.sex, 'field.sex')]}>
            <DictSelect type="sys_user_sex" data-testid="sys-user-sex" />
          </Form.Item>
          <ProFormText
            name="userName"
            required
            label={t('sys.user.userName')}
            rules={[schemaRule(S.userName, 'field.userName')]}
            fieldProps={{ maxLength: 16, autoComplete: 'off', 'data-testid': 'sys-user-userName' }}
          />
          {mode === 'create' && (
            <ProFormText.Password
              name="password"
              required
              label={t('sys.user.password')}
              rules={[schemaRule(S.password, 'field.password')]}
              fieldProps={{ maxLength: 20, autoComplete: 'new-password', 'data-testid': 'sys-user-password' }}
            />
          )}
          <Form.Item
            name="departmentId"
            required
            label={t('sys.user.department')}
            rules={[schemaRule(S.departmentId, 'field.departmentId')]}
          >
            <TreeSelect
              treeData={departments}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              placeholder={t('common.pleaseSelect')}
              data-testid="sys-user-department"
            />
          </Form.Item>
          <Form.Item
            name="region"
            label={t('sys.user.region')}
            rules={[{ required: true, message: t('rule.required', { label: t('field.region') }) }]}
          >
            <RegionCascader data-testid="sys-user-region" />
          </Form.Item>
          <Form.Item
            name="roleIds"
            required
            label={t('sys.user.roles')}
            rules={[schemaRule(S.roleIds, 'field.roleIds')]}
          >
            <Select
              mode="multiple"
              options={roles.map((r) => ({ value: r.id, label: r.name }))}
              optionFilterProp="label"
              placeholder={t('common.pleaseSelect')}
              data-testid="sys-user-roles"
            />
          </Form.Item>
          <ProFormRadio.Group
            name="state"
            required
            label={t('sys.user.state')}
            rules={[schemaRule(S.state, 'field.state')]}
            options={states.options}
            fieldProps={{ 'data-testid': 'sys-user-state-radio' } as object}
          />
          <ProFormText
            name="phone"
            label={t('sys.user.phone')}
            rules={[schemaRule(S.phone, 'field.phone')]}
            fieldProps={{ maxLength: 11, 'data-testid': 'sys-user-phone' }}
          />
        </>
      ),
    },
  };

  return <CrudTable config={config} />;
}
