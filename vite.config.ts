import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The SPA: served on 5173 in development with the API and the realtime socket proxied to the
 * server on 3000; built into dist/web, which the server serves in production.
 * VITE_API_BASE moves the API elsewhere (an absolute URL when it has its own host); default '/api'.
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const apiTarget = env.VITE_API_PROXY_TARGET || 'http://localhost:3000';
  return {
    root: __dirname,
    // Brotli and gzip copies beside each built file; the server sends the one the browser accepts.
    plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
    resolve: { alias: { '@': path.resolve(__dirname, 'src') } },
    define: { __API_BASE__: JSON.stringify(env.VITE_API_BASE || '/api') },
    server: {
      port: 5173,
      strictPort: true,
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false },
        '/socket.io': { target: apiTarget, ws: true },
      },
    },
    preview: { port: 5173 },
    build: {
      outDir: 'dist/web',
      emptyOutDir: true,
      // No source maps in the shipped build: the server has nothing to hand out.
      sourcemap: false,
      rolldownOptions: {
        // Modules that several lazy screens share go to chunks of their own, not into the entry: merged
        // there, every screen's widgets (menus, tabs, dialogs) would download with the login screen.
        experimental: { chunkOptimization: { mergeCommonChunks: false }, lazyBarrel: true },
        output: {
          // Libraries every screen needs change less often than our code: their chunks stay cached across
          // releases. The UI library is left to the bundler, so that a screen loads only the components
          // it uses (one chunk of all of it would put the tables, uploads and charts on the login screen).
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/, priority: 3 },
              { name: 'redux', test: /node_modules[\\/](@reduxjs|redux|react-redux|redux-persist|immer|reselect|async-mutex)[\\/]/, priority: 2 },
            ],
          },
        },
      },
    },
  };
});
