import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { narrowPolicy } from '../../src/integrations/page-csp.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const page = (policy: string, body: string) =>
  `<html><head><meta http-equiv="content-security-policy" content="${policy}">${body}</head></html>`;
const policyOf = (html: string) => /content="([^"]*)"/.exec(html)![1]!;

describe('narrowPolicy: each page allows only its own inline code', () => {
  const ours = 'console.log(1)';
  const theirs = 'console.log(2)';
  const style = 'p{color:red}';
  const otherStyle = 'p{color:blue}';
  const policy = `default-src 'self';script-src 'self' ${hash(ours)} ${hash(theirs)};style-src 'self' ${hash(style)} ${hash(otherStyle)};object-src 'none'`;

  it("drops other pages' hashes and keeps every other source and directive", () => {
    const html = page(policy, `<script>${ours}</script><style>${style}</style>`);
    expect(policyOf(narrowPolicy(html))).toBe(
      `default-src 'self'; script-src 'self' ${hash(ours)}; style-src 'self' ${hash(style)}; object-src 'none';`,
    );
  });

  it('a page without inline code allows no hash at all', () => {
    const narrowed = policyOf(narrowPolicy(page(policy, '<script src="/a.js"></script>')));
    expect(narrowed).not.toContain('sha256');
    expect(narrowed).toContain("script-src 'self';");
  });

  it('a JSON data block is not a script to allow', () => {
    const html = page(policy, `<script type="application/json">{"a":1}</script><script>${ours}</script>`);
    expect(policyOf(narrowPolicy(html))).toContain(`script-src 'self' ${hash(ours)};`);
  });

  it('fails the build rather than widen the policy for code the site did not allow', () => {
    expect(() => narrowPolicy(page(policy, '<script>alert(document.cookie)</script>'))).toThrow(
      /not allowed/,
    );
    expect(() => narrowPolicy(page(policy, '<style>*{display:none}</style>'))).toThrow(/style-src/);
  });

  it('reads a policy whose quotes are written as &#39;', () => {
    const escaped = policy.replace(/'/g, '&#39;');
    const narrowed = policyOf(narrowPolicy(page(escaped, `<script>${ours}</script>`)));
    expect(narrowed).toContain(`script-src 'self' ${hash(ours)};`);
    expect(narrowed).not.toContain(hash(theirs));
  });

  it('leaves a page without a policy as it is', () => {
    const html = `<html><head><script>${ours}</script></head></html>`;
    expect(narrowPolicy(html)).toBe(html);
  });
});
