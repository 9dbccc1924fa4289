import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The platform serves the built client itself; in `vite` dev mode the API and websocket are proxied to it.
const platformUrl = process.env.TICKLINE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/api': { target: platformUrl, changeOrigin: true },
      '/ws': { target: platformUrl.replace(/^http/, 'ws'), ws: true },
    },
  },
});
