import react from '@vitejs/plugin-react';
import mantinePreset from 'postcss-preset-mantine';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // Brotli and gzip copies beside each asset, made once at build time; the server sends the one the
    // browser accepts (Content-Encoding) instead of compressing on every request.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
      include: /\.(js|mjs|css|html|svg|json|txt|woff2?)$/,
    }),
  ],
  css: { postcss: { plugins: [mantinePreset()] } },
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The API server serves these files; a report of the chunks keeps the sign-in page weight visible.
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first screen imports in one file. Left to itself the bundler split it into
          // three, which cost 2.6 kB gzipped: each chunk lists what it imports and exports by name, and
          // compresses alone (docs/decisions/224). The chunks loaded later import from this one.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
