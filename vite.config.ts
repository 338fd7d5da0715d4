import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const gateway = process.env.YINKU_GATEWAY ?? 'http://localhost:8080';

/** Vite config: the React client, module workers and a dev proxy to the gateway. */
export default defineConfig({
  plugins: [react()],
  root: '.',
  build: {
    outDir: 'dist',
    target: 'es2023',
    sourcemap: true,
  },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@ffmpeg/ffmpeg', '@ffmpeg/util'] },
  server: {
    proxy: { '/api': { target: gateway, changeOrigin: true } },
  },
});
