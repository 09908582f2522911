/**
 * jsdom for the SPA's suites, with Node's fetch and web-stream globals: RTK Query's fetchBaseQuery
 * needs a fetch whose Request, Response, Headers and AbortSignal belong together, and nock
 * intercepts that fetch. Style matching is made fast enough for Ant Design's style sheets (see
 * jsdom-style-matching.cjs).
 */
const { TestEnvironment } = require('jest-environment-jsdom');
const { speedUpStyleMatching } = require('./jsdom-style-matching.cjs');

const nodeGlobals = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoderStream',
  'TextDecoderStream',
  'BroadcastChannel',
  'MessageChannel',
  'MessagePort',
  'structuredClone',
  'setImmediate',
  'clearImmediate',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of nodeGlobals) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    speedUpStyleMatching(this.global);
  }
}

module.exports = JsdomWithFetchEnvironment;
