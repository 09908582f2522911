/** What the rows of a list are, in both numbers: { singular: 'company', plural: 'companies' }. */
export interface Noun {
  singular: string;
  plural: string;
}

/**
 * The singular of a plain English plural ('companies' -> 'company', 'files' -> 'file', 'boxes' ->
 * 'box'), for callers that name their rows by the plural only. Any other noun passes a Noun.
 */
export function singularOf(plural: string): string {
  if (/ies$/i.test(plural)) return plural.replace(/ies$/i, 'y');
  if (/(ss|sh|ch|x)es$/i.test(plural)) return plural.slice(0, -2);
  if (/[^s]s$/i.test(plural)) return plural.slice(0, -1);
  return plural;
}

function asNoun(noun: Noun | string): Noun {
  return typeof noun === 'string' ? { singular: singularOf(noun), plural: noun } : noun;
}

/** The noun that goes with a count: one company, two companies, no companies. */
export function nounFor(count: number, noun: Noun | string): string {
  const { singular, plural } = asNoun(noun);
  return count === 1 ? singular : plural;
}

/** A count with its noun, for badges and pagers: '1 company', '12 companies'. */
export function countOf(count: number, noun: Noun | string): string {
  return `${count} ${nounFor(count, noun)}`;
}
