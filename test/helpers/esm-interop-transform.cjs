/**
 * Lets jest's CommonJS sandbox load the few dependencies that ship only ES modules or load
 * modules with `import("name")` (which the sandbox cannot run without experimental flags):
 * dynamic imports of a package name become the module's own `require` (captured once, because
 * some builds declare a local `require`), and ES module syntax is compiled to CommonJS.
 */
const ts = require('typescript');

module.exports = {
  process(source, filename) {
    let code = source.replace(/\bimport\((["'][^"'\s]+["'])\)/g, 'Promise.resolve(__moduleRequire($1))');
    if (/^\s*(import|export)[\s{*]/m.test(code)) {
      code = ts.transpileModule(code, {
        fileName: filename,
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, allowJs: true },
      }).outputText;
    }
    return { code: `const __moduleRequire = require;${code}` };
  },
};
