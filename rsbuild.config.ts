import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// The console. The API server (server/) serves the built files from dist/ in production;
// in development `npm run dev` proxies /api to it.
export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './src/main.tsx' } },
  resolve: { alias: { '@': './src' } },
  html: { title: 'Marketplace Admin', template: './src/index.html' },
  output: { distPath: { root: 'dist' } },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  server: { port: 3000, proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080' } },
});
