import type { ReactNode } from 'react';
import { Tooltip } from 'antd';

/**
 * Says why a console action is greyed (spec §8; "every disabled action says why"): with a `reason`
 * the child (a disabled Button) is wrapped in a <span> inside a Tooltip — a disabled antd Button gets
 * no mouse events, so the span carries the hover (antd's documented way). The child and its
 * data-testid are left as they are. Without a reason (null, undefined or '') the child is returned
 * unwrapped.
 *
 * Props: `reason` the sentence shown (already translated); `children` the action; `testId` an
 * optional data-testid of the wrapping span (for tests and the browser suite).
 */
export function DisabledReason(props: { reason?: string | null; children: ReactNode; testId?: string }) {
  if (!props.reason) return <>{props.children}</>;
  return (
    <Tooltip title={props.reason}>
      <span
        style={{ display: 'inline-block', cursor: 'not-allowed' }}
        data-testid={props.testId}
        data-disabled-reason={props.reason}
      >
        {props.children}
      </span>
    </Tooltip>
  );
}

/**
 * A dropdown menu item's label that says why the item is disabled: the label inside a Tooltip when
 * `reason` is given (a disabled antd menu item still passes mouse events to its label), else the
 * label alone. Use with `disabled: !!reason` on the item. Returns a ReactNode for `label`.
 */
export function reasonLabel(label: ReactNode, reason?: string | null): ReactNode {
  if (!reason) return label;
  return (
    <Tooltip title={reason} placement="right">
      <span data-disabled-reason={reason}>{label}</span>
    </Tooltip>
  );
}
