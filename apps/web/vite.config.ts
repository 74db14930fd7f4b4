import react from '@vitejs/plugin-react';
import mantinePreset from 'postcss-preset-mantine';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  css: { postcss: { plugins: [mantinePreset()] } },
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The API server serves these files; a report of the chunks keeps the sign-in page weight visible.
    reportCompressedSize: true,
  },
});
