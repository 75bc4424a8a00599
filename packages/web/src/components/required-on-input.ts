import { useCallback, useLayoutEffect, useRef, type Ref } from 'react';

/**
 * A ref for an antd Select or Cascader inside a required Form.Item. Form.Item marks its control
 * aria-required, and rc-select copies every aria-* prop both to the combobox input (where it is
 * right) and to its outer div, where no ARIA role allows it (axe "aria-allowed-attr", critical).
 * This takes it off the outer div after each render in which `required` changed; React does not put
 * an unchanged attribute back. `outer` is the ref the control was given (Form.Item's, for focusing a
 * field in error), which keeps working.
 */
export function useRequiredOnInputOnly<T>(required: unknown, outer?: Ref<T>): (value: T | null) => void {
  const node = useRef<T | null>(null);
  useLayoutEffect(() => {
    (node.current as { nativeElement?: HTMLElement } | null)?.nativeElement?.removeAttribute('aria-required');
  }, [required]);
  return useCallback(
    (value: T | null) => {
      node.current = value;
      if (typeof outer === 'function') outer(value);
      else if (outer) (outer as { current: T | null }).current = value;
    },
    [outer],
  );
}
