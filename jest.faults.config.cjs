/**
 * The fault suites: the built server (dist/) as real processes on PostgreSQL (TEST_DATABASE_URL,
 * default the local server) while something fails under it (the database out of reach, the file
 * storage gone, a client gone mid-upload), hostile files through its upload endpoint, and one
 * company flooding the processing queue while another uploads. Run after the build, set up as the
 * multi-process test is.
 */
const scaleout = require('./jest.scaleout.config.cjs');

module.exports = {
  ...scaleout,
  displayName: 'faults',
  testMatch: ['<rootDir>/test/faults/**/*.test.ts'],
  testTimeout: 120000,
};
