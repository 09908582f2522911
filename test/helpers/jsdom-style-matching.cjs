/**
 * Makes jsdom's getComputedStyle affordable for pages styled by Ant Design, without changing what
 * it answers.
 *
 * jsdom computes an element's style by testing the element against every rule of every style sheet
 * (no specificity: later matching rules win). Ant Design injects over a thousand rules, and
 * Testing Library's role queries, user-event and Ant Design itself ask for the style of nearly
 * every element (and of its ancestors, for inherited values) after every change to the page. Two
 * things made that slow:
 *
 * 1. The selector engine keeps only its last 1000 compiled selectors, so with more rules than that
 *    they evicted each other in turn and every single match recompiled its selector. The caches of
 *    compiled selectors are made unbounded (a test file's document holds a few thousand at most).
 * 2. Every rule was put to the selector engine, though nearly all of them need a class the element
 *    does not have. Each sheet's rules are indexed by what the last compound of their selectors
 *    names (`.ant-btn`, `.ant-table .ant-table-cell:hover` need a class; `a:hover` a tag name), and
 *    an element is tested only against the rules indexed under its classes and tag name and those
 *    that name neither. The rules that apply, their order and so the declaration are jsdom's own.
 *
 * What this relies on of jsdom's internals is checked, and it fails loudly if they change rather
 * than computing styles differently.
 */
const path = require('node:path');

const jsdomRoot = path.dirname(require.resolve('jsdom/package.json', { paths: [path.dirname(require.resolve('jest-environment-jsdom'))] }));
const fromJsdom = (file) => require(path.join(jsdomRoot, 'lib/jsdom', file));
const fromJsdomDependency = (name) => require(require.resolve(name, { paths: [jsdomRoot] }));

const { implForWrapper } = fromJsdom('living/generated/utils.js');
const { matchesDontThrow } = fromJsdom('living/helpers/selectors.js');
const styleRules = fromJsdom('living/helpers/style-rules.js');
const defaultStyleSheet = fromJsdom('browser/default-stylesheet.js');
const { CSSStyleDeclaration } = fromJsdomDependency('cssstyle');
const cssom = fromJsdomDependency('rrweb-cssom');

function internalsChanged(what) {
  return new Error(`jsdom changed: ${what}; test/helpers/jsdom-style-matching.cjs needs updating`);
}

if (typeof styleRules.getDeclarationForElement !== 'function' || typeof styleRules.invalidateStyleCache !== 'function') {
  throw internalsChanged('style-rules no longer exports getDeclarationForElement');
}

/** Turns one of the selector engine's bounded caches (get/has/set/clear/size) into an unbounded one. */
function unbound(cache) {
  if (!cache || typeof cache.get !== 'function' || typeof cache.set !== 'function') {
    throw internalsChanged('the selector engine has no compiled selector caches');
  }
  const entries = new Map();
  Object.assign(cache, {
    get: (key) => entries.get(key),
    has: (key) => entries.has(key),
    set: (key, value) => {
      entries.set(key, value);
      return value;
    },
    clear: () => entries.clear(),
    size: () => entries.size,
  });
}

// ----------------------------------------------------------------------------------------------
// Which elements a rule can match

/**
 * Keys of which an element must have at least one to match `selectorText`: `.name` for a class,
 * a lower-cased tag name for a type selector, both taken from the last compound of each selector
 * of the list (classes lower-cased too, so a key can only be too permissive). Null when that cannot
 * be told: some selector's last compound names neither (`*`, `[class^="ant-"]`, `:root`) or the
 * text is unusual (escapes, namespaces, quotes outside brackets, unbalanced brackets).
 */
function requiredKeys(selectorText) {
  if (typeof selectorText !== 'string' || selectorText.includes('\\') || selectorText.includes('|')) return null;
  const keys = [];
  let depth = 0; // inside (...) or [...]
  let quote = null;
  let classKey = null; // a class named at depth 0 in the current compound
  let tagKey = null; // the type selector that starts the current compound
  let compoundStarted = false;
  let afterCombinator = false; // white space or > + ~ seen since the compound's last character
  const endSelector = () => {
    const key = classKey ?? tagKey;
    if (key === null) return false;
    keys.push(key);
    classKey = null;
    tagKey = null;
    compoundStarted = false;
    afterCombinator = false;
    return true;
  };
  for (let index = 0; index < selectorText.length; index += 1) {
    const char = selectorText[index];
    if (quote) {
      if (char === quote) quote = null;
      continue;
    }
    if (depth > 0) {
      if (char === '"' || char === "'") quote = char;
      else if (char === '(' || char === '[') depth += 1;
      else if (char === ')' || char === ']') depth -= 1;
      continue;
    }
    if (char === ',') {
      if (!endSelector()) return null;
      continue;
    }
    if (/[\s>+~]/.test(char)) {
      afterCombinator = compoundStarted;
      continue;
    }
    if (afterCombinator) {
      // A descendant, child or sibling combinator: only the last compound is about the element.
      classKey = null;
      tagKey = null;
      compoundStarted = false;
      afterCombinator = false;
    }
    if (char === '"' || char === "'" || char === ')' || char === ']') return null;
    const atStart = !compoundStarted;
    compoundStarted = true;
    if (char === '(' || char === '[') {
      depth += 1;
    } else if (char === '.' || (atStart && /[a-zA-Z]/.test(char))) {
      const rest = char === '.' ? selectorText.slice(index + 1) : selectorText.slice(index);
      const name = /^-?[_a-zA-Z][\w-]*(?=$|[.:#[\s>+~,])/.exec(rest);
      if (!name) return null;
      if (char === '.') classKey = `.${name[0].toLowerCase()}`;
      else tagKey = name[0].toLowerCase();
      index += char === '.' ? name[0].length : name[0].length - 1;
    } else if (char === ':') {
      // A pseudo-class or pseudo-element name (its argument, if any, is skipped as depth > 0).
      const name = /^:?-?[_a-zA-Z][\w-]*/.exec(selectorText.slice(index + 1));
      if (!name) return null;
      index += name[0].length;
    }
  }
  if (depth !== 0 || quote) return null;
  return endSelector() ? keys : null;
}

/** An element's keys, as requiredKeys names them. */
function elementKeys(elementImpl) {
  const keys = [elementImpl.localName.toLowerCase()];
  const value = elementImpl.getAttributeNS(null, 'class');
  if (value) {
    for (const name of value.split(/[\t\n\f\r ]+/)) if (name) keys.push(`.${name.toLowerCase()}`);
  }
  return keys;
}

// ----------------------------------------------------------------------------------------------
// An index of each style sheet's rules by key

const { forEach, indexOf } = Array.prototype;

/**
 * A sheet's rules in the order jsdom visits them (the rules of `@media` blocks for screens in
 * place of the block), the positions of those that need each key, and those that need none.
 * `source` lists what the index was built from, to tell when the sheet changed.
 */
function buildIndex(sheet) {
  const rules = [];
  const source = [];
  forEach.call(sheet.cssRules, (rule) => {
    source.push(rule);
    if (rule.media) {
      const forScreens = indexOf.call(rule.media, 'screen') !== -1;
      source.push(forScreens, rule.cssRules.length);
      if (forScreens) forEach.call(rule.cssRules, (innerRule) => rules.push(innerRule));
    } else {
      rules.push(rule);
    }
  });
  const byKey = new Map();
  const always = [];
  const selectors = rules.map((rule, position) => {
    const keys = requiredKeys(rule.selectorText);
    if (keys === null) {
      always.push(position);
    } else {
      for (const key of new Set(keys)) {
        const positions = byKey.get(key);
        if (positions) positions.push(position);
        else byKey.set(key, [position]);
      }
    }
    return rule.selectorText;
  });
  return { rules, selectors, source, byKey, always };
}

/** Whether the sheet still holds exactly the rules, media and selectors the index was built from. */
function isCurrent(index, sheet) {
  const { source } = index;
  let at = 0;
  let ruleAt = 0;
  const cssRules = sheet.cssRules;
  for (let top = 0; top < cssRules.length; top += 1) {
    const rule = cssRules[top];
    if (source[at++] !== rule) return false;
    if (rule.media) {
      const forScreens = indexOf.call(rule.media, 'screen') !== -1;
      if (source[at++] !== forScreens || source[at++] !== rule.cssRules.length) return false;
      if (forScreens) {
        for (let inner = 0; inner < rule.cssRules.length; inner += 1) {
          const innerRule = rule.cssRules[inner];
          if (index.rules[ruleAt] !== innerRule || index.selectors[ruleAt] !== innerRule.selectorText) return false;
          ruleAt += 1;
        }
      }
    } else {
      if (index.selectors[ruleAt] !== rule.selectorText) return false;
      ruleAt += 1;
    }
  }
  return at === source.length;
}

const sheetIndexes = new WeakMap();

function indexOfSheet(sheet) {
  let index = sheetIndexes.get(sheet);
  if (!index || !isCurrent(index, sheet)) {
    index = buildIndex(sheet);
    sheetIndexes.set(sheet, index);
  }
  return index;
}

// ----------------------------------------------------------------------------------------------
// jsdom's cascade, with the rules that cannot match skipped

let parsedDefaultStyleSheet;

/**
 * As jsdom's forEachMatchingSheetRuleOfElement (style-rules.js): the matching rules of the default
 * style sheet and then of the document's sheets, each in order; only rules that need a key the
 * element lacks are not put to the selector engine.
 */
function forEachMatchingSheetRuleOfElement(elementImpl, handleRule) {
  const keys = elementKeys(elementImpl);
  function handleSheet(sheet) {
    const { rules, byKey, always } = indexOfSheet(sheet);
    let candidates = always;
    for (const key of keys) {
      const positions = byKey.get(key);
      if (positions) candidates = candidates.concat(positions);
    }
    if (candidates !== always) candidates = [...new Set(candidates)].sort((a, b) => a - b);
    for (const position of candidates) {
      const rule = rules[position];
      if (matchesDontThrow(elementImpl, rule.selectorText)) handleRule(rule);
    }
  }
  if (!parsedDefaultStyleSheet) parsedDefaultStyleSheet = cssom.parse(defaultStyleSheet);
  handleSheet(parsedDefaultStyleSheet);
  forEach.call(elementImpl._ownerDocument.styleSheets._list, handleSheet);
}

/** As jsdom's getDeclarationForElement (style-rules.js): same cache, same declaration. */
function getDeclarationForElement(elementImpl) {
  let styleCache = elementImpl._ownerDocument._styleCache;
  if (!styleCache) {
    styleCache = elementImpl._ownerDocument._styleCache = new WeakMap();
  }
  const cachedDeclaration = styleCache.get(elementImpl);
  if (cachedDeclaration) return cachedDeclaration;

  const declaration = new CSSStyleDeclaration();
  function handleProperty(style, property) {
    const value = style.getPropertyValue(property);
    if (value === 'unset') {
      declaration.removeProperty(property);
    } else {
      declaration.setProperty(property, value, style.getPropertyPriority(property));
    }
  }
  forEachMatchingSheetRuleOfElement(elementImpl, (rule) => {
    forEach.call(rule.style, (property) => handleProperty(rule.style, property));
  });
  forEach.call(elementImpl.style, (property) => handleProperty(elementImpl.style, property));

  styleCache.set(elementImpl, declaration);
  return declaration;
}

// Inherited values (visibility, pointer-events, colours) are looked up through this export.
styleRules.getDeclarationForElement = getDeclarationForElement;

/**
 * Applies both to a test window. jsdom's own getComputedStyle holds the original
 * getDeclarationForElement, so the element's declaration is put in the cache they share first.
 */
function speedUpStyleMatching(window) {
  const documentImpl = implForWrapper(window.document);
  matchesDontThrow(documentImpl.documentElement, '*'); // jsdom creates the engine on the first match
  const engine = documentImpl._nwsapiDontThrow;
  if (!engine) throw internalsChanged('the style matching engine was not found');
  unbound(engine.matchResolvers);
  unbound(engine.matchLambdas);

  const computeStyle = window.getComputedStyle;
  window.getComputedStyle = function getComputedStyle(element, pseudoElement) {
    const elementImpl = element && implForWrapper(element);
    if (elementImpl && elementImpl._ownerDocument === documentImpl && typeof elementImpl.getAttributeNS === 'function') {
      getDeclarationForElement(elementImpl);
    }
    return computeStyle.call(this, element, pseudoElement);
  };
}

module.exports = { speedUpStyleMatching };
