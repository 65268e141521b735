import type { HtmlEscapedString } from 'hono/utils/html';

/**
 * The HTML that `html` from `hono/html` built, as a value we can hold: templates whose parts are all
 * strings, numbers or other such templates render synchronously, so a Promise here is a mistake.
 * @example syncHtml(html`<p>${name}</p>`).toString() // '<p>&lt;script&gt;</p>' for name '<script>'
 */
export function syncHtml(markup: HtmlEscapedString | Promise<HtmlEscapedString>): HtmlEscapedString {
  if (markup instanceof Promise) throw new TypeError('An HTML template rendered asynchronously');
  return markup;
}
