import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeHtml } from './html.ts';

describe('sanitizeHtml', () => {
  it('keeps allowed tags, drops their other attributes and balances them', () => {
    expect(sanitizeHtml('<p class="x" style="color:red">A <strong>b</strong> <em>c')).toBe(
      '<p>A <strong>b</strong> <em>c</em></p>',
    );
    // Parsed as a browser would: an implied </li> closes the first item.
    expect(sanitizeHtml('<ul><li>one<li>two</ul>')).toBe('<ul><li>one</li><li>two</li></ul>');
    expect(sanitizeHtml('</p>stray close<br/><hr>')).toBe('<p></p>stray close<br /><hr />');
    expect(
      sanitizeHtml(
        '<table><tr><td colspan="2" onclick="x">a</td><td rowspan="x">b</td></tr></table>',
      ),
    ).toBe('<table><tr><td colspan="2">a</td><td>b</td></tr></table>');
  });

  it('removes scripts, styles, frames and event handlers with their content', () => {
    expect(
      sanitizeHtml('a<script>alert(1)</script>b<STYLE>p{}</STYLE>c<iframe src=x></iframe>d'),
    ).toBe('abcd');
    expect(sanitizeHtml('<img src=x onerror=alert(1)><svg onload=alert(1)><circle/></svg>ok')).toBe(
      'ok',
    );
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
    expect(sanitizeHtml('x<script>never closed')).toBe('x');
    expect(sanitizeHtml('<!-- <script>alert(1)</script> -->text')).toBe('text');
    expect(sanitizeHtml('<math><mi xlink:href="javascript:alert(1)">x</mi></math>y')).toBe('y');
    expect(sanitizeHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).toBe('');
    expect(sanitizeHtml('<select><option>a</option></select>z<textarea><b>t</b></textarea>')).toBe(
      'z',
    );
    expect(
      sanitizeHtml(
        '<p onmouseover="alert(1)" id="x">t</p><form action="/logout"><button>b</button></form>',
      ),
    ).toBe('<p>t</p>b');
  });

  it('escapes text and keeps entities', () => {
    // Entities are decoded and the text is written again: the same characters, safely escaped.
    expect(sanitizeHtml('1 < 2 & 3 > 2 &amp; &nbsp; &#8381;')).toBe(
      '1 &lt; 2 &amp; 3 &gt; 2 &amp; \u00a0 \u20bd',
    );
    expect(sanitizeHtml('<p title="a">"quoted"</p>')).toBe('<p>"quoted"</p>');
  });

  it('allows only safe links and marks external ones', () => {
    expect(sanitizeHtml('<a href="https://example.com/?a=1&b=2" title=\'t"x\'>x</a>')).toBe(
      '<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow" title="t&quot;x">x</a>',
    );
    expect(sanitizeHtml('<a href="/e-commerce/orders">x</a>')).toBe(
      '<a href="/e-commerce/orders">x</a>',
    );
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'jav&#x61;script:alert(1)',
      ' java\tscript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'vbscript:x',
    ]) {
      expect(sanitizeHtml(`<a href="${bad}">x</a>`), bad).toBe('<a>x</a>');
    }
    // A link cannot choose its own target or take back the opener protection.
    expect(sanitizeHtml('<a href="https://x.example" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeHtml('<a href="/a" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="/a">x</a>',
    );
  });
});

describe('safeHref', () => {
  it('classifies addresses', () => {
    expect(safeHref('mailto:sales@example.com')).toBe('mailto:sales@example.com');
    expect(safeHref('#top')).toBe('#top');
    expect(safeHref('catalogue/pumps')).toBe('catalogue/pumps');
    expect(safeHref('')).toBeNull();
  });
});
