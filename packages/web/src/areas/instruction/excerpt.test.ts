import { describe, expect, it } from 'vitest';
import { htmlExcerpt } from './excerpt';

describe('htmlExcerpt', () => {
  it('gives the visible text of the HTML, white space collapsed', () => {
    expect(htmlExcerpt('<h2>报名须知</h2>\n<p>一、<strong>报名</strong>&amp;审核</p>')).toBe(
      '报名须知 一、报名&审核',
    );
  });
  it('keeps a heading apart from its paragraph when the editor wrote no white space', () => {
    expect(htmlExcerpt('<h2>报名须知</h2><p>请如实填写</p><ul><li>一</li><li>二</li></ul>')).toBe(
      '报名须知 请如实填写 一 二',
    );
  });
  it('cuts long text with an ellipsis and answers empty for no HTML', () => {
    expect(htmlExcerpt(`<p>${'字'.repeat(70)}</p>`, 60)).toBe(`${'字'.repeat(60)}…`);
    expect(htmlExcerpt(null)).toBe('');
    expect(htmlExcerpt('<p><br></p>')).toBe('');
  });
});
