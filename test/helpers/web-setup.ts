/**
 * Set-up of every SPA suite: jest-dom matchers, the browser APIs jsdom lacks and Ant Design uses,
 * an absolute API base for fetch, and nock with the network shut: a request no test expected fails
 * the test that made it.
 */
import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import nock from 'nock';
import * as React from 'react';
import { setUploadTransport } from '@/web/api/uploadTransport';


(globalThis as { __API_BASE__?: string }).__API_BASE__ = 'http://localhost/api';

// jsdom's XMLHttpRequest cannot send Node's FormData: uploads stay on the fetch that nock answers,
// and the suites of upload progress install a transport of their own.
setUploadTransport(null);

// React's development build captures a stack trace for each element it creates (up to 10,000 a
// second), only to say in a warning which component created which: in these suites that capture was
// the single largest cost of rendering. Its count is held above the limit, so elements carry no
// creation stack; the warnings themselves still come, naming the component.
const reactInternals = (React as unknown as Record<string, object | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Number.MAX_SAFE_INTEGER, set: () => undefined });
}

// Screens load on demand and the machine running the suites may be busy: give findBy* queries
// room to wait, without changing what they wait for.
configure({ asyncUtilTimeout: 5_000 });

/**
 * Width media queries are evaluated against window.innerWidth, which tests of small screens change.
 * The suites ask for reduced motion, as a person may (UiProvider): jsdom runs no animations, and Ant
 * Design's would only keep a closing dialog or menu in the page until their timers gave up.
 */
function evaluateMediaQuery(query: string): boolean {
  if (/prefers-reduced-motion:\s*reduce/.test(query)) return true;
  const width = window.innerWidth;
  const max = /max-width:\s*(\d+)px/.exec(query);
  const min = /min-width:\s*(\d+)px/.exec(query);
  if (!max && !min) return false;
  return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
}

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: evaluateMediaQuery(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });

// jsdom does not compute pseudo-element styles; Ant Design asks for them when it measures scrollbars.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

const unexpectedRequests: string[] = [];
nock.emitter.on('no match', (request: { method?: string; href?: string; path?: string }) => {
  unexpectedRequests.push(`${request.method ?? 'GET'} ${request.href ?? request.path ?? ''}`);
});

// Rendering Ant Design in jsdom is slow on a busy machine; a screen journey may take seconds.
jest.setTimeout(20000);

beforeAll(() => {
  nock.disableNetConnect();
});

beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  nock.cleanAll();
  // A reply still on its way (an interceptor's delay) belongs to the test that asked for it. Its
  // timer is Node's own, not the window's: left running it outlives the test file and keeps the
  // worker from exiting.
  nock.abortPendingRequests();
  const unexpected = unexpectedRequests.splice(0);
  if (unexpected.length > 0) throw new Error(`Requests no test expected: ${unexpected.join(', ')}`);
});

afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});
