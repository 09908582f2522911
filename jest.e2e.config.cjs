/** The browser suite: the built app on a free port, driven in Debian's Chromium by playwright-core. */
const base = require('./jest.config.cjs');
const server = base.projects.find((project) => project.displayName === 'server');

module.exports = {
  displayName: 'e2e',
  transform: server.transform,
  transformIgnorePatterns: server.transformIgnorePatterns,
  moduleNameMapper: server.moduleNameMapper,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
  globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
  globalTeardown: '<rootDir>/test/e2e/globalTeardown.ts',
  testTimeout: 60000,
};
