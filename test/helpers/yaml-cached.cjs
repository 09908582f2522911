/**
 * `yaml` in the server's suites: the package itself, with `parse(text)` answered from a copy kept as
 * JSON (in the temp folder, named by the text's hash) once the same text has been parsed. Every app a
 * test file builds reads the contract, three thousand lines of YAML, which took about a third of a
 * second a file; JSON.parse of the same document takes a few milliseconds. A text is kept only when
 * its JSON comes back equal to what YAML made of it, and any other call goes to the package as it is.
 */
const { createHash } = require('node:crypto');
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { isDeepStrictEqual } = require('node:util');

// By its path: the name `yaml` leads back here.
const realYaml = require(path.join(path.dirname(require.resolve('yaml/package.json')), require('yaml/package.json').main));
const version = require('yaml/package.json').version;

function parse(text, ...rest) {
  if (rest.length > 0 || typeof text !== 'string') return realYaml.parse(text, ...rest);
  const file = path.join(os.tmpdir(), `payroll-test-yaml-${createHash('sha256').update(version).update('\n').update(text).digest('hex').slice(0, 24)}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // not kept yet (or being written by another worker): parse it
  }
  const value = realYaml.parse(text);
  const json = JSON.stringify(value);
  if (json !== undefined && isDeepStrictEqual(JSON.parse(json), value)) {
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, json);
    renameSync(partial, file);
  }
  return value;
}

module.exports = { ...realYaml, parse, default: { ...realYaml, parse } };
