import type { CSSProperties } from 'react';
import { PRIMARY } from '../theme-colors';

/** Shared styles of the candidate site's frame. */
export const headerStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '0 12px 0 16px',
  height: 56,
  lineHeight: '56px',
  background: PRIMARY,
  position: 'sticky',
  top: 0,
  zIndex: 100,
};

export const titleStyle: CSSProperties = {
  color: '#fff',
  margin: 0,
  fontSize: 18,
  fontWeight: 600,
  lineHeight: '56px',
  flex: 1,
  minWidth: 0,
};

/** A button of the header bar: white on blue, a touch target of at least 44 × 44 px (WCAG 2.5.5). */
export const headerButtonStyle: CSSProperties = {
  color: '#fff',
  flex: 'none',
  minHeight: 44,
  minWidth: 44,
};
