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
      allowJs: true,
    },
    diagnostics: false,
  },
];
/** Dependencies that ship only ES modules or use dynamic import(): see test/helpers/esm-interop-transform.cjs. */
const esmOnly = ['cookie', '@electric-sql/pglite', '@ant-design/colors', 'content-disposition'];
const common = {
  transform: {
    '/node_modules/.+\\.[cm]?js$': '<rootDir>/test/helpers/esm-interop-transform.cjs',
    '^.+\\.tsx?$': tsJest,
  },
  // nested copies too (a dependency's own node_modules): only paths naming none of them are left alone
  transformIgnorePatterns: [`^(?!.*/node_modules/(${esmOnly.join('|')})/).*/node_modules/`],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  // A worker per core: jest's default leaves one core to its own process, which only collects
  // results, so on a two-core machine the suites would run one file at a time.
  maxWorkers: '100%',
  // No forceExit: every suite closes what it opens (databases, queues, servers, sockets, pipeline
  // threads), so the workers end on their own; a suite that leaves a handle open shows as a hang
  // here, to be found with --detectOpenHandles, not hidden.
  //
  // A worker's loop is empty a millisecond after it is told to end (no handle but its pipes to jest),
  // but by then it holds about a gigabyte (every file's module registry and embedded databases), and
  // the system takes a while to take that back: 0.15 s for 1 GB on an idle machine, 0.3 s while the
  // cores are busy, so the two workers ending together on a loaded machine passed jest's default
  // half-second and were reported as "failed to exit gracefully". Three seconds covers that; a
  // handle left open still keeps its worker alive past it and is still reported.
  workerGracefulExitTimeout: 3_000,
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: '<rootDir>/test/helpers/jsdom-environment.cjs',
      setupFilesAfterEnv: ['<rootDir>/test/helpers/web-setup.ts'],
      testMatch: ['<rootDir>/test/web/**/*.test.ts?(x)'],
      moduleNameMapper: {
        ...common.moduleNameMapper,
        '\\.(css|less)$': '<rootDir>/test/helpers/style-stub.cjs',
        // The package indexes load every component and icon; these load each on first use.
        '^antd$': '<rootDir>/test/helpers/antd-lazy.cjs',
        '^@ant-design/icons$': '<rootDir>/test/helpers/ant-design-icons-lazy.cjs',
      },
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/test/helpers/server-setup.ts'],
      // Each route's validators and response serialiser compiled when it is first called, and the
      // contract's YAML parsed once rather than once a file (see the modules).
      moduleNameMapper: {
        ...common.moduleNameMapper,
        '^fastify$': '<rootDir>/test/helpers/fastify-lazy-compilers.cjs',
        '^yaml$': '<rootDir>/test/helpers/yaml-cached.cjs',
      },
      testMatch: ['<rootDir>/test/server/**/*.test.ts', '<rootDir>/test/common/**/*.test.ts', '<rootDir>/test/scripts/**/*.test.ts'],
      // Suites that need several processes on one database run where TEST_DATABASE_URL names a
      // PostgreSQL server (CI's PostgreSQL pass); the embedded database serves one process only.
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, ...(process.env.TEST_DATABASE_URL ? [] : ['/test/server/jobs/workerRestart\\.test\\.ts$', '/test/server/jobs/queuedJobNotices\\.test\\.ts$', '/test/server/db/queryPlans\\.test\\.ts$', '/test/server/db/postgresStatementNames\\.test\\.ts$', '/test/server/realtime/crossProcess\\.test\\.ts$', '/test/server/main\\.test\\.ts$'])],
    },
  ],
};
