import { act, fireEvent, render, screen } from '@testing-library/react';
import { App, Form } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { TicketExamFields } from './ticket-form';

// strings and jsdom's missing browser parts: src/test-setup.ts
beforeAll(() => i18n.changeLanguage('zh'));
/** The input a field's test id marks (the date picker puts it on its input). */
const inputOf = (testId: string): HTMLElement => {
  const node = screen.getByTestId(testId);
  return node.matches('input, textarea') ? node : (node.querySelector('input, textarea') as HTMLElement);
};

describe('ticket form (spec §5 "Admission ticket", on blur)', () => {
  const cases: [field: string, message: string][] = [
    ['admissionNumber', '准考证号不能为空'],
    ['examDate', '考试日期不能为空'],
    ['examTime', '考试时间不能为空'],
    ['examPlace', '考点名称不能为空'],
    ['examAddress', '考点地址不能为空'],
    ['examRoomNumber', '考场号不能为空'],
    ['seatNumber', '座位号不能为空'],
    ['examinationRoomNotice', '考场须知不能为空'],
  ];

  it.each(cases)(
    '%s: "%s" when left empty',
    async (field, message) => {
      render(
        <App>
          <Form>
            <TicketExamFields />
          </Form>
        </App>,
      );
      expect(screen.queryByText(message)).toBeNull();
      const input = inputOf(`ticket-field-${field}`);
      await act(async () => {
        fireEvent.focus(input);
        fireEvent.blur(input);
      });
      expect(await screen.findByText(message)).toBeTruthy();
      // only the blurred field complains
      expect(document.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(1);
    },
    20_000,
  );

  it('accepts a filled field on blur', async () => {
    render(
      <App>
        <Form>
          <TicketExamFields />
        </Form>
      </App>,
    );
    const input = inputOf('ticket-field-examRoomNumber');
    await act(async () => {
      fireEvent.change(input, { target: { value: '003' } });
      fireEvent.blur(input);
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('考场号不能为空')).toBeNull();
  }, 20_000);
});
