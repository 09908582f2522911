import { overrideReasonLength } from '@/common/overrideReason';
import { visibleText } from '@/common/visibleText';

describe('the text of a name as a person sees it', () => {
  it.each([
    ['a right-to-left override that makes a program read as a picture', 'Invoice\u202Egpj.exe', 'Invoicegpj.exe'],
    ['every bidirectional control', 'a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl', 'abcdefghijkl'],
    ['zero-width spaces, joiners and non-joiners', 'A\u200Bc\u200Cm\u200De', 'Acme'],
    ['the word joiner and the invisible operators, the byte order mark and the soft hyphen', 'A\u2060c\u2061m\u2062e\u2063 \u2064C\uFEFFo\u00ADrp', 'Acme Corp'],
    ['control characters', 'Ac\u0000m\u001be\u007f\u0085\u009f\t\n', 'Acme'],
    ['the Hangul filler that passes for a letter, and tags', '\u3164Acme\u{E0041}\u{E007F}', 'Acme'],
  ])('loses %s', (_case, text, visible) => {
    expect(visibleText(text)).toBe(visible);
  });

  it('leaves nothing of a name made of invisible characters but its spaces', () => {
    expect(visibleText('  \u200B\u200C\u200D\u2060\uFEFF\u202E  ')).toBe('    ');
  });

  it('keeps the letters of every script, their own direction, emoji and signs that show', () => {
    for (const name of ['رواتب يناير', 'שכר', 'Zoë & Søn', '東京給与', 'Café \u{1F600}', '\u0601 23']) expect(visibleText(name)).toBe(name);
  });
});

describe('the length of an override reason', () => {
  it('counts visible characters only, without the spaces around them', () => {
    expect(overrideReasonLength('\u200B'.repeat(12))).toBe(0);
    expect(overrideReasonLength(`  ${'\u200B'.repeat(6)}Checked.\u202E  `)).toBe('Checked.'.length);
    expect(overrideReasonLength('  Totals checked by hand  ')).toBe('Totals checked by hand'.length);
  });
});
