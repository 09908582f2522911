/**
 * jsdom for the SPA's suites, with Node's fetch and web-stream globals: RTK Query's fetchBaseQuery
 * needs a fetch whose Request, Response, Headers and AbortSignal belong together, and nock
 * intercepts that fetch. Style matching is made fast enough for Ant Design's style sheets (see
 * jsdom-style-matching.cjs). Message and broadcast channels are closed with the window (see
 * closedWithTheWindow).
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

/**
 * Node's channel class `Base`, with every port it opens recorded in `open`. Ant Design's select and
 * overflow components open a MessageChannel for each deferred update and never close it. A browser
 * collects such a channel once it is unreachable; in Node a port with a listener stays open, keeps
 * the process alive (the jest worker could not exit when its files were done) and holds on to the
 * page it served, so the environment closes them all when the test file's window closes.
 */
function closedWithTheWindow(Base, open, portsOf) {
  const Channel = class extends Base {
    constructor(...args) {
      super(...args);
      for (const port of portsOf(this)) open.add(port);
    }
  };
  Object.defineProperty(Channel, 'name', { value: Base.name });
  return Channel;
}

/** A timer of Node's timers module (an object), as opposed to a window timer's number. */
function isNodeTimer(handle) {
  return typeof handle === 'object' && handle !== null && typeof handle.hasRef === 'function';
}

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of nodeGlobals) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    // The window's clearTimeout and clearInterval know only the window's own timers; a timer a
    // dependency set with Node's timers module (nock's reply delays) is cleared by Node's.
    for (const name of ['clearTimeout', 'clearInterval']) {
      const clearWindowTimer = this.global[name];
      const clearNodeTimer = globalThis[name];
      this.global[name] = (handle) => (isNodeTimer(handle) ? clearNodeTimer(handle) : clearWindowTimer(handle));
    }
    this.openPorts = new Set();
    this.global.MessageChannel = closedWithTheWindow(globalThis.MessageChannel, this.openPorts, (channel) => [channel.port1, channel.port2]);
    this.global.BroadcastChannel = closedWithTheWindow(globalThis.BroadcastChannel, this.openPorts, (channel) => [channel]);
    speedUpStyleMatching(this.global);
  }

  async teardown() {
    for (const port of this.openPorts) port.close();
    this.openPorts.clear();
    await super.teardown();
  }
}

module.exports = JsdomWithFetchEnvironment;
