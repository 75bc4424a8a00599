import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { maxLengthOf, roleCreateSchema, userCreateSchema, PHONE_LENGTH } from '@tegang/domain';
import i18n from '../../i18n';
import { SchemaTextArea, SchemaTextField } from './schema-field';

// strings and jsdom's missing browser parts: src/test-setup.ts
beforeAll(() => i18n.changeLanguage('zh'));
const NAME_MAX = maxLengthOf(roleCreateSchema.shape.name)!;

function mount(fields: React.ReactNode) {
  const onFinish = vi.fn();
  render(
    <Form onFinish={onFinish}>
      {fields}
      <Button htmlType="submit" data-testid="submit">
        submit
      </Button>
    </Form>,
  );
  return onFinish;
}
const submit = () => fireEvent.click(screen.getByTestId('submit'));

describe('SchemaTextField', () => {
  it('labels the field from field.<entity>.<name> and says {label}不能为空 when left empty', async () => {
    const onFinish = mount(
      <SchemaTextField schema={roleCreateSchema} entity="role" name="code" required testId="code" />,
    );
    expect(screen.getByText('角色编码')).toBeTruthy();
    submit();
    expect(await screen.findByText('角色编码不能为空')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it("shows the schema's own empty message where it has one (请输入名称)", async () => {
    mount(<SchemaTextField schema={roleCreateSchema} entity="role" name="name" required testId="name" />);
    fireEvent.change(screen.getByTestId('name'), { target: { value: '   ' } });
    submit();
    expect(await screen.findByText(i18n.t('system.role.name.required'))).toBeTruthy();
  });

  it("takes the schema's maxLength: typing past it stops at the limit and the form submits", async () => {
    const onFinish = mount(
      <SchemaTextField schema={roleCreateSchema} entity="role" name="name" testId="name" />,
    );
    const input = screen.getByTestId('name') as HTMLInputElement;
    expect(input.maxLength).toBe(NAME_MAX);
    await userEvent.type(input, 'x'.repeat(NAME_MAX + 5));
    expect(input.value).toHaveLength(NAME_MAX);
    submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: 'x'.repeat(NAME_MAX) }));
  });

  it("says the schema's length message for a longer value that got in (paste, autofill)", async () => {
    const onFinish = mount(
      <SchemaTextField schema={roleCreateSchema} entity="role" name="name" testId="name" />,
    );
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'x'.repeat(NAME_MAX + 1) } });
    submit();
    expect(await screen.findByText(`名称不能超过${NAME_MAX}个字符`)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('takes an explicit label, rule label and maxLength, and runs extra rules first', async () => {
    mount(
      <SchemaTextField
        schema={userCreateSchema}
        name="phone"
        label="sys.dept.phone"
        ruleLabel="field.phone"
        maxLength={PHONE_LENGTH}
        rules={[{ validator: () => Promise.reject(new Error('first')) }]}
        testId="phone"
      />,
    );
    expect(screen.getByText(i18n.t('sys.dept.phone'))).toBeTruthy();
    expect((screen.getByTestId('phone') as HTMLInputElement).maxLength).toBe(PHONE_LENGTH);
    submit();
    expect(await screen.findByText('first')).toBeTruthy();
  });

  it('check={false} keeps only the length limit (no schema rule)', async () => {
    const onFinish = mount(
      <SchemaTextArea schema={roleCreateSchema} name="comments" label="field.comments" check={false} />,
    );
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    expect(box.maxLength).toBe(maxLengthOf(roleCreateSchema.shape.comments));
    submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
  });
});
