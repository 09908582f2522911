/**
 * Person names: a comma means "Last, First"; otherwise "First Last", split at the last space.
 * Words typed all in capitals or all in lower case get a consistent capitalisation ("CHEN" -> "Chen");
 * mixed-case words ("McDonald") are left as written.
 */

function capitaliseWord(word: string): string {
  if (word !== word.toUpperCase() && word !== word.toLowerCase()) return word;
  return word.toLowerCase().replace(/(^|[-'’\s])(\p{L})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase());
}

export function capitaliseName(name: string): string {
  return name.split(' ').map(capitaliseWord).join(' ');
}

export interface PersonName {
  first: string;
  last: string;
}

interface WrittenName {
  split: PersonName;
  full: string;
}

const splitCache = new Map<string, WrittenName>();
const SPLIT_CACHE_SIZE = 20000;

/**
 * A written name split, and put back together as "First Last". Names repeat on every shift of an
 * employee, so both are remembered (a bounded number of them).
 */
export function readWrittenName(name: string): WrittenName {
  let written = splitCache.get(name);
  if (written) return written;
  const split = splitNameUncached(name);
  written = { split, full: fullName(split) };
  if (splitCache.size >= SPLIT_CACHE_SIZE) splitCache.clear();
  splitCache.set(name, written);
  return written;
}

export function splitName(name: string): PersonName {
  return readWrittenName(name).split;
}

function splitNameUncached(name: string): PersonName {
  const comma = name.indexOf(',');
  if (comma >= 0) {
    return { last: capitaliseName(name.slice(0, comma).trim()), first: capitaliseName(name.slice(comma + 1).replace(/,/g, ' ').trim().replace(/\s+/g, ' ')) };
  }
  const space = name.lastIndexOf(' ');
  if (space < 0) return { first: capitaliseName(name), last: '' };
  return { first: capitaliseName(name.slice(0, space).trim()), last: capitaliseName(name.slice(space + 1)) };
}

export function fullName(name: PersonName): string {
  if (!name.first) return name.last;
  return name.last ? `${name.first} ${name.last}` : name.first;
}
