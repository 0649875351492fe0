import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// Writes .br and .gz beside every text asset of a production build; the server serves them
// (`preCompressed`), so the browser downloads about a quarter of the bytes.
const pluginPrecompress = (): RsbuildPlugin => ({
  name: 'precompress',
  setup(api) {
    api.onAfterBuild(({ isFirstCompile }) => {
      if (!isFirstCompile || process.env.NODE_ENV === 'development') return;
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
        );
      for (const file of walk(api.context.distPath)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    });
  },
});

// The console. The API server (server/) serves the built files from dist/ in production;
// in development `npm run dev` proxies /api to it.
export default defineConfig({
  plugins: [pluginReact(), pluginPrecompress()],
  source: { entry: { index: './src/main.tsx' } },
  resolve: { alias: { '@': './src' } },
  html: { title: 'Marketplace Admin', template: './src/index.html' },
  output: { distPath: { root: 'dist' } },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  server: { port: 3000, proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080' } },
});
