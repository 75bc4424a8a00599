import { createElement, type CSSProperties, type ReactNode } from 'react';

/** An icon definition of @ant-design/icons-svg (the data behind @ant-design/icons): a tree of SVG tags. */
interface IconNode {
  tag: string;
  attrs: Record<string, string>;
  children?: IconNode[];
}
export interface IconDefinition {
  name: string;
  icon: IconNode | ((primary: string, secondary: string) => IconNode);
}

function draw(node: IconNode, key?: number): ReactNode {
  return createElement(
    node.tag,
    { key, ...node.attrs },
    node.children?.map((child, i) => draw(child, i)),
  );
}

/**
 * One of antd's icons as a bare inline SVG, 1em square in the text's colour, hidden from assistive
 * technology (the control around it carries the name): the same drawings as @ant-design/icons without
 * its context and style injection, for the plain open pages (the first page a phone loads).
 */
export function SvgIcon({ icon, style }: { icon: IconDefinition; style?: CSSProperties }) {
  const root = typeof icon.icon === 'function' ? icon.icon('currentColor', '#e6f4ff') : icon.icon;
  return (
    <span className="tg-icon" role="img" aria-hidden="true" style={style}>
      {createElement(
        'svg',
        { ...root.attrs, width: '1em', height: '1em', fill: 'currentColor' },
        root.children?.map((child, i) => draw(child, i)),
      )}
    </span>
  );
}
