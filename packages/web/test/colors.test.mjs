// colors.ts (no imports of its own) compiled on the fly with TypeScript and imported from a data URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const src = readFileSync(new URL('../src/colors.ts', import.meta.url), 'utf8');
const js = ts.transpileModule(src, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
const { contrast, textOn, darkerFor, roleColor, roleTextColor, TEXT_CONTRAST } = await import(`data:text/javascript,${encodeURIComponent(js)}`);

test('WCAG contrast: black on white is 21:1, a colour on itself 1:1, white on Okabe-Ito vermillion 3.8:1 (the audit\'s value)', () => {
  assert.equal(contrast('#000', '#fff'), 21);
  assert.equal(contrast('#D55E00', '#D55E00'), 1);
  assert.ok(Math.abs(contrast('#ffffff', '#D55E00') - 3.83) < 0.05, String(contrast('#ffffff', '#D55E00')));
});

test('WCAG 1.4.3: text on every seat colour takes black or white by the higher ratio, and reaches 4.5:1', () => {
  const roles = ['red', 'blue', 'green', 'yellow', 'black', 'gray', 'pink', 'orange', 'england', 'scotland', 'axis', 'allies', 'germany', 'ussr'];
  for (let i = 0; i < 8; i++) roles.push(`seat${i}`);
  for (const [i, r] of roles.entries()) {
    const bg = roleColor(r, i);
    const fg = textOn(bg);
    const other = fg === '#000' ? '#fff' : '#000';
    assert.ok(contrast(fg, bg) >= contrast(other, bg), `${r} ${bg}: ${fg}`);
    assert.ok(contrast(fg, bg) >= TEXT_CONTRAST, `${r} ${bg}: ${fg} at ${contrast(fg, bg).toFixed(2)}`);
  }
  // The audit's failures: white on vermillion, green and grey now take black.
  for (const bg of ['#D55E00', '#009E73', '#8C8C8C']) assert.equal(textOn(bg), '#000', bg);
});

test('WCAG 1.4.3: side names in side colour on white are darkened just enough to reach 4.5:1, same hue', () => {
  for (const r of ['england', 'allies', 'gray', 'orange', 'yellow', 'scotland']) {
    const c = roleTextColor(r);
    assert.ok(contrast(c, '#fff') >= TEXT_CONTRAST, `${r}: ${c} ${contrast(c, '#fff')}`);
    assert.ok(contrast(c, '#fff') < TEXT_CONTRAST + 0.2 || c === roleColor(r), `${r}: ${c} darker than needed`);
  }
  assert.equal(roleTextColor('scotland'), roleColor('scotland'), 'blue #0072B2 already reaches 5.1:1');
  assert.equal(darkerFor('#000000'), '#000000');
  assert.ok(contrast(darkerFor('#F0E442', '#f6f4ef'), '#f6f4ef') >= TEXT_CONTRAST);
});
