import { fireEvent, render, screen } from '@testing-library/react';
import { Button, Dropdown } from 'antd';
import { describe, expect, it } from 'vitest';
import { DisabledReason, reasonLabel } from './disabled-reason';

describe('DisabledReason', () => {
  it('shows the reason over a disabled button on hover, and keeps its data-testid', async () => {
    render(
      <DisabledReason reason="请先在搜索条件中选择招聘计划">
        <Button disabled data-testid="act">
          导入
        </Button>
      </DisabledReason>,
    );
    const button = screen.getByTestId('act') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    // the disabled button gets no mouse events: the wrapping span carries the hover
    expect(button.parentElement!.tagName).toBe('SPAN');
    fireEvent.mouseEnter(button.parentElement!);
    expect(await screen.findByText('请先在搜索条件中选择招聘计划')).toBeTruthy();
  });

  it('leaves an enabled action unwrapped when there is no reason', () => {
    const { container } = render(
      <DisabledReason reason={null}>
        <Button data-testid="act">导入</Button>
      </DisabledReason>,
    );
    expect(container.firstElementChild).toBe(screen.getByTestId('act'));
  });

  it('says why a disabled dropdown item is greyed', async () => {
    render(
      <Dropdown
        open
        menu={{
          items: [
            { key: 'a', label: reasonLabel('发放计划的全部准考证', 'Choose a plan first'), disabled: true },
            { key: 'b', label: reasonLabel('发放选中的准考证', null) },
          ],
        }}
      >
        <Button>发放</Button>
      </Dropdown>,
    );
    const label = await screen.findByText('发放计划的全部准考证');
    expect(label.closest('[data-disabled-reason]')).toBeTruthy();
    expect(screen.getByText('发放选中的准考证').closest('[data-disabled-reason]')).toBeNull();
    fireEvent.mouseEnter(label);
    expect(await screen.findByText('Choose a plan first')).toBeTruthy();
  });
});
