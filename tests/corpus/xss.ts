/**
 * Classic XSS payloads (OWASP XSS Filter Evasion Cheat Sheet, PortSwigger's XSS cheat sheet,
 * PayloadsAllTheThings): tags, event handlers, script URLs, attribute and tag breakouts, nested
 * and malformed markup, template and markdown injection. Each one sets `window.__xss` or opens a
 * dialog when it runs; tests/e2e/xss.spec.ts feeds them through every place that renders server
 * or user text.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror=window.__xss=1>',
  '<img src="x" onerror="alert(1)">',
  '<svg onload=window.__xss=1>',
  '<svg><script>window.__xss=1</script></svg>',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '</textarea><script>window.__xss=1</script>',
  '</title><svg/onload=window.__xss=1>',
  '<iframe src="javascript:parent.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<body onload=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<input autofocus onfocus=window.__xss=1>',
  '<a href="javascript:window.__xss=1">click</a>',
  'javascript:window.__xss=1',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<video><source onerror=window.__xss=1></video>',
  '<audio src=x onerror=window.__xss=1>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<form><button formaction=javascript:window.__xss=1>go</button></form>',
  '<div style="background:url(javascript:window.__xss=1)">x</div>',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  '<<script>script>window.__xss=1<</script>/script>',
  '&lt;script&gt;window.__xss=1&lt;/script&gt;',
  '%3Cscript%3Ewindow.__xss%3D1%3C%2Fscript%3E',
  '\\u003cscript\\u003ewindow.__xss=1\\u003c/script\\u003e',
  '{{constructor.constructor("window.__xss=1")()}}',
  '${window.__xss=1}',
  '[click](javascript:window.__xss=1)',
  '![x](x" onerror="window.__xss=1)',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:window.__xss=1//">',
  '<link rel=import href="data:text/html,<script>alert(1)</script>">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<template><img src=x onerror=window.__xss=1></template>',
  '<select autofocus onfocus=window.__xss=1>',
  '<marquee onstart=window.__xss=1>x</marquee>',
];

/** Every payload in one text, for the places that show a single value. */
export const XSS_ALL = XSS_PAYLOADS.join(' ');
