/**
 * Characters that show nothing themselves and can make the text around them read as something it is
 * not: control characters (C0, DEL, C1), format characters (bidirectional embeddings, overrides,
 * isolates and marks, zero-width spaces and joiners, the word joiner and invisible operators, the
 * byte order mark, the soft hyphen, tags) and the other default-ignorable characters (Hangul fillers,
 * variation selectors). "Invoice\u202Egpj.exe" shows as "Invoiceexe.jpg"; a name of zero-width
 * spaces shows as nothing at all.
 *
 * Names lose the joiners too: an emoji sequence then shows as its parts, and a conjunct of some
 * Indic scripts in its unjoined form, both still readable, while a joiner between Latin letters
 * could only make two names that look the same differ. The prepended concatenation marks (Arabic
 * number signs and their kin) are format characters with a glyph of their own, so they stay.
 */
const INVISIBLE = /(?![\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The text as a person sees it: without the invisible characters above. Every name and title a
 * request carries goes through it before its length is checked or it is trimmed, and so do the
 * names of files handed out; a reason is long enough by its visible characters.
 */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, '');
}
