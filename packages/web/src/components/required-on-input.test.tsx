import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Button, Form, Select, TreeSelect, type FormInstance } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DictItem } from '@tegang/domain';
import { DictSelect } from './dict';
import { keepRequiredOnControls } from './required-on-input';

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

describe('keepRequiredOnControls (the page-wide guard)', () => {
  afterEach(cleanup);

  it('leaves aria-required on the comboboxes only, also when a field becomes required later', async () => {
    function Host() {
      const [required, setRequired] = useState(false);
      return (
        <Form>
          <Form.Item name="status" label="状态" rules={[{ required: true }]}>
            <Select options={[{ value: '1', label: '报名中' }]} data-testid="plain-select" />
          </Form.Item>
          <Form.Item name="region" label="地区" rules={[{ required }]}>
            <TreeSelect treeData={[{ value: '52', title: '贵州省' }]} data-testid="tree-select" />
          </Form.Item>
          <Button onClick={() => setRequired(true)}>required</Button>
        </Form>
      );
    }
    const { container } = render(<Host />);
    const stop = keepRequiredOnControls(container);
    const misplaced = () =>
      [...container.querySelectorAll('[aria-required]')].filter((e) => e.getAttribute('role') !== 'combobox');
    expect(misplaced()).toEqual([]);
    expect(screen.getAllByRole('combobox')[0]!.getAttribute('aria-required')).toBe('true');

    screen.getByText('required').click();
    await waitFor(() =>
      expect(screen.getAllByRole('combobox')[1]!.getAttribute('aria-required')).toBe('true'),
    );
    await waitFor(() => expect(misplaced()).toEqual([]));
    stop();
  });
});
