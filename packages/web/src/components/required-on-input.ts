import { useCallback, useLayoutEffect, useRef, type Ref } from 'react';

/** Elements that may carry aria-required natively (WAI-ARIA 1.2: form controls). */
const NATIVE_CONTROLS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);
/** The roles whose elements WAI-ARIA 1.2 lets carry aria-required. */
const REQUIRABLE_ROLES = new Set([
  'checkbox',
  'columnheader',
  'combobox',
  'gridcell',
  'listbox',
  'radiogroup',
  'rowheader',
  'spinbutton',
  'textbox',
  'tree',
  'treegrid',
]);

/** Takes aria-required off `el` when no role of it allows the attribute (a plain div or span). */
function stripMisplaced(el: Element): void {
  if (!el.hasAttribute('aria-required') || NATIVE_CONTROLS.has(el.tagName)) return;
  if (REQUIRABLE_ROLES.has(el.getAttribute('role') ?? '')) return;
  el.removeAttribute('aria-required');
}

/**
 * The one guard of "aria-required only where a role allows it" (axe "aria-allowed-attr", critical),
 * for both sites: antd's Form.Item marks the control of a required field aria-required, and the
 * select family (Select, TreeSelect, Cascader, ProFormSelect …) copies every aria-* prop to its
 * outer div as well as to its combobox input. Watching `root` (the page) from the start, this takes
 * the attribute off any element that may not carry it — the outer divs — as they appear or get it
 * again; the inputs keep it. Returns the function that stops watching.
 */
export function keepRequiredOnControls(root: Element = document.body): () => void {
  root.querySelectorAll('[aria-required]').forEach(stripMisplaced);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') stripMisplaced(record.target as Element);
      else
        record.addedNodes.forEach((node) => {
          if (node.nodeType !== Node.ELEMENT_NODE) return;
          stripMisplaced(node as Element);
          (node as Element).querySelectorAll('[aria-required]').forEach(stripMisplaced);
        });
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-required'],
  });
  return () => observer.disconnect();
}

/**
 * A ref for an antd Select or Cascader inside a required Form.Item (what keepRequiredOnControls does
 * for the whole page, for one control at once, in its own render: tests and pages rendered outside
 * the guarded root). Form.Item marks its control
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
