/** `antd` in the SPA's suites: its exports, each component loaded on first use (see lazy-barrel.cjs). */
const path = require('node:path');
const { lazyBarrel } = require('./lazy-barrel.cjs');

module.exports = lazyBarrel(path.join(path.dirname(require.resolve('antd/package.json')), 'lib/index.js'));
