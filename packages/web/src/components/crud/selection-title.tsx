import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Keeps `children` out of the keyboard and the accessibility tree when they are rendered inside antd
 * Table's hidden measuring row (rc-table copies every column title into an aria-hidden row to size
 * the columns; a focusable copy there is axe "aria-hidden-focus"). Elsewhere it changes nothing.
 */
function InertInMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [inert, setInert] = useState(false);
  useLayoutEffect(() => {
    setInert(!!ref.current?.closest('.ant-table-measure-row'));
  }, []);
  return (
    <span ref={ref} inert={inert} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

/**
 * antd `rowSelection.columnTitle` for the select-all checkbox: the same checkbox, made inert in the
 * measuring row's copy so that keyboard users meet it once.
 */
export const selectionTitle = (checkbox: ReactNode): ReactNode => (
  <InertInMeasureRow>{checkbox}</InertInMeasureRow>
);
