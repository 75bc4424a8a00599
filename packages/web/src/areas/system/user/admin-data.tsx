import { Form, Select, Tag } from 'antd';
import { ProFormRadio, ProFormSwitch, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { userCreateSchema, PASSWORD_MAX, PHONE_LENGTH, USER_NAME_MAX } from '@tegang/domain';
import type { SysUser } from '../api';
import {
  SchemaFormItem,
  SchemaPasswordField,
  SchemaTextField,
  TreeSelectField,
  type FormMode,
  type TreeSelectNode,
  type ValueEnum,
} from '../../../components/crud';
import { DictSelect } from '../../../components/dict';
import { RegionCascader } from '../../../components/region-cascader';
import { createTimeColumn, titleOf } from '../shared';
import { schemaRule } from '../../../components/rules';

/**
 * The users screen's columns and form fields (spec §2 "Users", §3 System user, §5): account, name,
 * sex, phone, department, region, roles, state, created; the form adds password (new accounts), region and
 * the supervision switch.
 */

/** The form's fields: labels field.*, rules and input limits from the server's schema. */
const F = { schema: userCreateSchema };
const S = userCreateSchema.shape;

/** The add/edit form's values. */
export type UserForm = {
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

type TFunction = ReturnType<typeof useTranslation>['t'];

/** The list columns: `roleName` names a role id, `departments` the department tree. */
export function userColumns(
  t: TFunction,
  e: { sex: ValueEnum; states: ValueEnum; departments: TreeSelectNode[]; roleName: (id: number) => string },
): ProColumns<SysUser>[] {
  const { sex, departments, roleName } = e;
  return [
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
    // The administrator's region (spec §6 region scope): what the account sees and may change.
    {
      title: t('field.region'),
      dataIndex: 'regionName',
      search: false,
      width: 200,
      ellipsis: true,
      render: (_dom, row) => row.regionName ?? '-',
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
      valueEnum: e.states,
      width: 90,
    },
    createTimeColumn(t, 160),
  ];
}

/**
 * The add/edit form's fields (the password only when adding). `departments`, `roles` and
 * `stateOptions` fill the department tree, the role list and the state radio.
 */
export function UserFields(props: {
  mode: FormMode;
  departments: TreeSelectNode[];
  roles: { id: number; name: string }[];
  stateOptions: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const { mode, departments, roles } = props;
  return (
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
        options={props.stateOptions}
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
  );
}
