import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DictItem } from '@tegang/domain';
import { DictSelect } from './dict';

vi.mock('../api/reference', () => ({
  listDictItems: () => Promise.resolve([{ value: '1', label: '是' }] as DictItem[]),
}));

/**
 * axe "aria-allowed-attr": a required Form.Item marks its control aria-required; on a select the
 * attribute belongs to the combobox input, not to the outer div (which has no role that allows it).
 */
describe('a required dictionary select', () => {
  afterEach(cleanup);

  it('says required on its combobox only, and Form.Item can still reach it (focus a field in error)', () => {
    let form: FormInstance | undefined;
    function Host() {
      [form] = Form.useForm();
      return (
        <Form form={form}>
          <Form.Item name="veteran" label="退役军人" rules={[{ required: true }]}>
            <DictSelect type="yes_no" data-testid="field-veteran" />
          </Form.Item>
        </Form>
      );
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Host />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('combobox').getAttribute('aria-required')).toBe('true');
    expect(screen.getByTestId('field-veteran').hasAttribute('aria-required')).toBe(false);
    expect(typeof form!.getFieldInstance('veteran')?.focus).toBe('function');
  });
});
