import { describe, expect, it } from 'vitest';
import { sanitizeMessageHtml } from './sanitize.ts';

describe('sanitizeMessageHtml', () => {
  it('keeps the allowed formatting and links to web and mail addresses', async () => {
    const html =
      '<p>Hi <b>Claire</b>, <i>see</i> <em>the</em> <strong>invoice</strong>:<br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<a href="https://vendor.example/inv/1">invoice</a> <a href="mailto:ap@vendor.example">mail</a>';
    expect(await sanitizeMessageHtml(html)).toBe(
      '<p>Hi <b>Claire</b>, <i>see</i> <em>the</em> <strong>invoice</strong>:<br /></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol>' +
        '<a href="https://vendor.example/inv/1" rel="noopener noreferrer nofollow" target="_blank">invoice</a> ' +
        '<a href="mailto:ap@vendor.example" rel="noopener noreferrer nofollow" target="_blank">mail</a>',
    );
  });

  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src=x onerror="alert(1)">fine', 'fine'],
    ['<p onclick="steal()" style="color:red">text</p>', '<p>text</p>'],
    [
      '<a href="javascript:alert(1)">click</a>',
      '<a rel="noopener noreferrer nofollow" target="_blank">click</a>',
    ],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    [
      '<a href="data:text/html,<script>1</script>">x</a>',
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    ],
    ['<iframe src="https://evil.example"></iframe>after', 'after'],
    ['<style>body{display:none}</style><div>kept text</div>', 'kept text'],
    ['<svg><script>1</script></svg><form><input value=x></form>', ''],
  ])('strips what could run or restyle: %j', async (input, expected) => {
    expect(await sanitizeMessageHtml(input)).toBe(expected);
  });
});
