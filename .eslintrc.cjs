/**
 * Lint rules. Import direction follows the architecture:
 * common <- web/lib, web/components <- web/features <- web/app; server routes -> services -> db;
 * jobs -> services, never back (services enqueue through the UploadQueue the job side implements);
 * the processing engine imports nothing from the server's web or database layers.
 */
module.exports = {
  root: true,
  env: { es2022: true, node: true, browser: true },
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 'latest', sourceType: 'module' },
  plugins: ['@typescript-eslint', 'import', 'react-hooks', 'check-file'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended', 'plugin:import/typescript'],
  settings: {
    'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
  },
  ignorePatterns: ['node_modules/', 'dist/', 'data/', 'coverage/', 'src/web/api/generated.ts', 'src/server/api-types.ts', 'test/fixtures/'],
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    'import/no-cycle': ['error', { maxDepth: 10 }],
    'import/no-duplicates': 'error',
    'react-hooks/rules-of-hooks': 'error',
    'react-hooks/exhaustive-deps': 'warn',
    'check-file/filename-naming-convention': [
      'error',
      { 'src/**/*.{ts,tsx}': '+([a-zA-Z0-9])', 'test/**/*.{ts,tsx}': '+([a-zA-Z0-9.-])' },
      { ignoreMiddleExtensions: true },
    ],
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          { target: './src/common', from: ['./src/web', './src/server'], message: 'common is shared by both sides and imports neither.' },
          { target: './src/web', from: './src/server', message: 'The SPA talks to the server only through the API.' },
          { target: './src/server', from: './src/web', message: 'The server never imports SPA code.' },
          { target: './src/web/lib', from: ['./src/web/features', './src/web/app'] },
          { target: './src/web/components', from: ['./src/web/features', './src/web/app'] },
          { target: './src/web/features', from: './src/web/app' },
          {
            target: './src/server/processing',
            from: ['./src/server/routes', './src/server/services', './src/server/db', './src/server/jobs', './src/server/realtime', './src/server/app.ts'],
            message: 'The engine is a pure library: no server, database or queue imports.',
          },
          { target: './src/server/services', from: './src/server/routes' },
          {
            target: './src/server/services',
            from: './src/server/jobs',
            message: 'Jobs call services, never the other way: a service enqueues through UploadQueue (services/uploads/uploadQueue.ts), which the job side implements.',
          },
          { target: './src/server/db', from: ['./src/server/routes', './src/server/services'] },
        ],
      },
    ],
  },
  overrides: [
    {
      files: ['*.cjs', 'scripts/**/*.mjs'],
      rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/no-var-requires': 'off' },
    },
  ],
};
