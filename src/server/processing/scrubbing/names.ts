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
 * A name written "First [Middle] Last" whose every word has a capital and a small letter (A-Z, a-z):
 * capitalisation leaves such words as written, so the name splits at its last space and reads back
 * as itself. Most names are written so; this finds them without any lookup.
 */
function alreadyClean(name: string): WrittenName | undefined {
  let upper = false;
  let lower = false;
  let lastSpace = -1;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    // the comma first: a test met on every character is one V8 has seen when it optimises this loop
    // (a test first met in a later sheet, "Last, First", threw the optimised code away)
    if (c === 44) return undefined;
    if (c >= 97 && c <= 122) lower = true;
    else if (c >= 65 && c <= 90) upper = true;
    else if (c === 32) {
      if (!upper || !lower) return undefined;
      upper = lower = false;
      lastSpace = i;
    }
  }
  if (!upper || !lower) return undefined;
  const split = lastSpace < 0 ? { first: name, last: '' } : { first: name.slice(0, lastSpace), last: name.slice(lastSpace + 1) };
  return { split, full: name };
}

/**
 * A written name split, and put back together as "First Last". Names repeat on every shift of an
 * employee, so those that need work are remembered (a bounded number of them).
 */
export function readWrittenName(name: string): WrittenName {
  const clean = alreadyClean(name);
  if (clean) return clean;
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
    const last = capitaliseName(name.slice(0, comma).trim());
    // first, then last, as below: one shape for every name, so code reading them meets only one
    return { first: capitaliseName(name.slice(comma + 1).replace(/,/g, ' ').trim().replace(/\s+/g, ' ')), last };
  }
  const space = name.lastIndexOf(' ');
  if (space < 0) return { first: capitaliseName(name), last: '' };
  return { first: capitaliseName(name.slice(0, space).trim()), last: capitaliseName(name.slice(space + 1)) };
}

export function fullName(name: PersonName): string {
  if (!name.first) return name.last;
  return name.last ? `${name.first} ${name.last}` : name.first;
}
