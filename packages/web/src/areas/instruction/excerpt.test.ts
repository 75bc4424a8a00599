import { describe, expect, it } from 'vitest';
import { htmlExcerpt } from './excerpt';

describe('htmlExcerpt', () => {
  it('gives the visible text of the HTML, white space collapsed', () => {
    expect(htmlExcerpt('<h2>报名须知</h2>\n<p>一、<strong>报名</strong>&amp;审核</p>')).toBe(
      '报名须知 一、报名&审核',
    );
  });
  it('cuts long text with an ellipsis and answers empty for no HTML', () => {
    expect(htmlExcerpt(`<p>${'字'.repeat(70)}</p>`, 60)).toBe(`${'字'.repeat(60)}…`);
    expect(htmlExcerpt(null)).toBe('');
    expect(htmlExcerpt('<p><br></p>')).toBe('');
  });
});
