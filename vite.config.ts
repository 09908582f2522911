import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

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
    plugins: [react()],
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
      sourcemap: true,
      // The UI library is one chunk of its own (about 170 kB compressed), cached apart from our code.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          // Libraries change less often than our code: separate chunks stay cached across releases.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/, priority: 3 },
              { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@babel[\\/]runtime|dayjs|classnames|clsx)[\\/]/, priority: 2 },
              { name: 'redux', test: /node_modules[\\/](@reduxjs|redux|react-redux|redux-persist|immer|reselect|async-mutex)[\\/]/, priority: 2 },
            ],
          },
        },
      },
    },
  };
});
