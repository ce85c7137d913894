import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = 'http://localhost:3000';
// The running web app knows its own build version (the root package.json, like the server's /health).
const rootManifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: { __APP_VERSION__: JSON.stringify(rootManifest.version) },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks cache well across app releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
            // The Markdown renderer is loaded lazily (components/markdown/lazy-markdown.tsx): keep it (and KaTeX)
            // apart. A group takes its modules' dependencies too, so React is grouped first (higher priority).
            { name: 'katex', test: /node_modules[\\/]katex[\\/]/, priority: 15 },
            {
              name: 'markdown',
              test: /node_modules[\\/](react-markdown|remark-[\w-]+|rehype-[\w-]+|highlight\.js|lowlight)[\\/]/,
              priority: 10,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
            // One chunk per language other than English (lib/i18n.ts fetches it when the language is chosen).
            {
              debugName: 'locales',
              name: (id: string) => /[\\/]locales[\\/]([\w-]+)[\\/]/.exec(id)?.[1] ?? null,
              test: /src[\\/]locales[\\/](?!en[\\/])/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/health': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
