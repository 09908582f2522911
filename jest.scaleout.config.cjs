/**
 * The multi-process test: the built server (dist/) as two API processes and a worker on PostgreSQL
 * (TEST_DATABASE_URL, default the local server) with an S3 server, behind a proxy. Run after the build.
 */
const base = require('./jest.config.cjs');
const server = base.projects.find((project) => project.displayName === 'server');

module.exports = {
  displayName: 'scaleout',
  transform: server.transform,
  transformIgnorePatterns: server.transformIgnorePatterns,
  moduleNameMapper: server.moduleNameMapper,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/scaleout/**/*.test.ts'],
  testTimeout: 180000,
};
