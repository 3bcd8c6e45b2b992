import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, pageFor, pageLocale } from './web-app';

const page = (url: string, cookie?: string) => {
  const [pathname = '/', search = ''] = url.split('?');
  return pageFor(pathname, new URLSearchParams(search), cookie);
};

describe('the prerendered page a visit gets', () => {
  it('is the role selection without a role cookie', () => {
    expect(page('/')).toBe('index.html');
    expect(page('/', 'other=1')).toBe('index.html');
    expect(page('/', 'sukoon-screen=admin')).toBe('index.html');
  });

  it("is the signed-in role's dashboard frame with the cookie the web app sets", () => {
    expect(page('/', 'sukoon-screen=psychologist')).toBe('screens/psychologist.html');
    expect(page('/', 'a=1; sukoon-screen=patient; b=2')).toBe('screens/patient.html');
  });

  it("is the patient's frame for a psychologist's shared link", () => {
    expect(page('/?psychologistId=abc')).toBe('screens/patient.html');
    expect(page('/?psychologistId=abc', 'sukoon-screen=psychologist')).toBe('screens/patient.html');
  });

  it('is the bare loading page for sign-in and move links and other paths', () => {
    expect(page('/?token=t&psychologistId=abc')).toBe('screens/loading.html');
    expect(page('/?moveDecision=keep&token=t')).toBe('screens/loading.html');
    expect(page('/sandbox/checkout', 'sukoon-screen=patient')).toBe('screens/loading.html');
  });
});

describe("the CSP's inline scripts", () => {
  it('are exactly those the built pages hold, by their hashes', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sukoon-web-'));
    try {
      expect(inlineScriptHashes(root)).toEqual([]);
      const early = "(function () { fetch('/api/users/me'); })();";
      mkdirSync(path.join(root, 'screens'));
      writeFileSync(path.join(root, 'index.html'), '<script type="module" src="/a.js"></script>');
      for (const role of ['patient', 'psychologist']) {
        writeFileSync(
          path.join(root, 'screens', `${role}.html`),
          `<head><script>${early}</script>`,
        );
      }
      const hash = createHash('sha256').update(early).digest('base64');
      // Script files (src=) need no hash; the same script on two pages is listed once.
      expect(inlineScriptHashes(root)).toEqual([`'sha256-${hash}'`]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the language of the prerendered page (issue 22)', () => {
  it('follows the browser’s cookie, else Accept-Language, else English', () => {
    expect(pageLocale(undefined, undefined)).toBe('en');
    expect(pageLocale('sukoon-locale=hi', 'en-GB')).toBe('hi');
    expect(pageLocale('sukoon-screen=patient; sukoon-locale=en', 'hi-IN')).toBe('en');
    expect(pageLocale(undefined, 'hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    // A language Sukoon does not speak, in the cookie or the header, is English.
    expect(pageLocale('sukoon-locale=mr', 'mr-IN')).toBe('en');
    expect(pageLocale('sukoon-locale=mr', 'hi')).toBe('hi');
  });
});
