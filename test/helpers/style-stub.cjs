/** Style sheets mean nothing to jsdom: every `import './x.css'` resolves to this. */
module.exports = {};
