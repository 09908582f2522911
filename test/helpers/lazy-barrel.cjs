/**
 * The suites' stand-in for the index module of a package that re-exports its parts (antd, its
 * icons): the same exports, each loaded on first use. Requiring `antd` otherwise loads every
 * component and `@ant-design/icons` every one of its 800+ icons, a second of work for each test
 * file of which a screen uses a small part. What a screen uses is the package's own module, as in
 * the browser build, where the bundler drops what is unused.
 *
 * The index is read as Babel compiles it to CommonJS:
 *   var _button = _interopRequireDefault(require("./button"));
 *   Object.defineProperty(exports, "Button", { enumerable: true, get: function () { return _button.default; } });
 *   Object.keys(_icons).forEach(function (key) { ... });   (export * from './icons')
 * An export written any other way (`exports.x = ...`) is taken from the real index, loaded then;
 * an index this cannot read fails loudly.
 */
const fs = require('node:fs');
const path = require('node:path');

function interopDefault(value) {
  return value && value.__esModule ? value : { default: value };
}

/** Adds to `target` lazy getters for the exports of the CommonJS index `indexFile`. */
function defineLazyExports(target, indexFile, skip = new Set()) {
  const source = fs.readFileSync(indexFile, 'utf8');
  const directory = path.dirname(indexFile);
  const fail = (why) => new Error(`${path.relative(process.cwd(), indexFile)}: ${why}; test/helpers/lazy-barrel.cjs cannot read this index`);

  const modules = new Map(); // variable -> { file, interop }
  for (const [, variable, interop, request] of source.matchAll(/^var (_\w+) = (_interopRequireDefault\()?require\("([^"]+)"\)\)?;$/gm)) {
    if (!request.startsWith('.')) continue;
    modules.set(variable, { file: require.resolve(path.resolve(directory, request)), interop: Boolean(interop) });
  }
  let real;
  const realIndex = () => (real ??= require(indexFile));
  const load = (variable) => {
    const module = modules.get(variable);
    if (!module) throw fail(`no module for ${variable}`);
    const value = require(module.file);
    return module.interop ? interopDefault(value) : value;
  };
  const define = (name, get) => {
    if (skip.has(name) || Object.prototype.hasOwnProperty.call(target, name)) return;
    Object.defineProperty(target, name, { enumerable: true, configurable: true, get });
  };

  const getters = [...source.matchAll(/Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.(\w+);\s*\}\s*\}\);/g)];
  const declared = [...source.matchAll(/Object\.defineProperty\(exports, "(\w+)"/g)].map((match) => match[1]).filter((name) => name !== '__esModule');
  if (getters.length !== declared.length) throw fail('an export is defined in an unexpected way');
  for (const [, name, variable, property] of getters) {
    if (!modules.has(variable)) throw fail(`export ${name} comes from ${variable}, which is not a module of the package`);
    define(name, () => load(variable)[property]);
  }

  const assigned = new Set([...source.matchAll(/\bexports\.(\w+) =/g)].map((match) => match[1]));
  for (const name of assigned) define(name, () => realIndex()[name]);

  // export * from './x': the names of its index that the module does not export itself.
  const excluded = new Set([...getters.map((match) => match[1]), ...assigned, 'default', '__esModule']);
  for (const [, variable] of source.matchAll(/Object\.keys\((_\w+)\)\.forEach\(function \(key\) \{/g)) {
    const module = modules.get(variable);
    if (!module) throw fail(`export * from ${variable}, which is not a module of the package`);
    defineLazyExports(target, module.file, excluded);
  }
  return target;
}

/** A module object with the exports of the package index `indexFile`, each loaded on first use. */
function lazyBarrel(indexFile) {
  const target = {};
  Object.defineProperty(target, '__esModule', { value: true });
  return defineLazyExports(target, indexFile);
}

module.exports = { lazyBarrel };
