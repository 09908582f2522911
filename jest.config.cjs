/** Unit and integration suites: the SPA in jsdom, the server and engine in node. */
const tsJest = [
  'ts-jest',
  {
    tsconfig: {
      module: 'commonjs',
      moduleResolution: 'node',
      jsx: 'react-jsx',
      esModuleInterop: true,
      isolatedModules: true,
    },
    diagnostics: false,
  },
];
const common = {
  transform: { '^.+\\.tsx?$': tsJest },
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: '<rootDir>/test/helpers/jsdom-environment.cjs',
      setupFilesAfterEnv: ['<rootDir>/test/helpers/web-setup.ts'],
      testMatch: ['<rootDir>/test/web/**/*.test.ts?(x)'],
      moduleNameMapper: { ...common.moduleNameMapper, '\\.(css|less)$': '<rootDir>/test/helpers/style-stub.cjs' },
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/server/**/*.test.ts', '<rootDir>/test/common/**/*.test.ts', '<rootDir>/test/scripts/**/*.test.ts'],
    },
  ],
};
