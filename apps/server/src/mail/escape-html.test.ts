import { describe, expect, it } from 'vitest';
import { escapeHtml, paragraphsHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it('turns the five markup characters into numeric references and leaves the rest', () => {
    expect(escapeHtml(`<b class="x">Tom & Jerry's</b> 100% ok`)).toBe(
      '&#60;b class=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/b&#62; 100% ok',
    );
  });

  it('escapes an ampersand once, so an entity typed by a person is shown as typed', () => {
    expect(escapeHtml('&amp;')).toBe('&#38;amp;');
  });
});

describe('paragraphsHtml', () => {
  it('makes each blank-line-separated block one escaped paragraph', () => {
    expect(paragraphsHtml('Hello <Ann>,\n\nline one\nline two\n\nLabelPort')).toBe(
      '<p>Hello &#60;Ann&#62;,</p><p>line one\nline two</p><p>LabelPort</p>',
    );
  });
});
