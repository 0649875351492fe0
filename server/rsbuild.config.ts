import { defineConfig } from '@rsbuild/core';

// The API server, built like the console so that `npm start` runs plain JavaScript instead of transpiling
// TypeScript at every start: one ES module bundle of server/ (and the src/ contract and machines it shares with
// the console) in dist-server/. Packages stay imports of node_modules, loaded as they are (PGlite finds its WASM
// and data files beside its own code). Built by `npm run build:server`; `npm start` builds it when it is stale.
export default defineConfig({
  source: { entry: { main: './server/main.ts' } },
  resolve: { alias: { '@': './src' } },
  output: {
    target: 'node',
    module: true,
    distPath: { root: 'dist-server' },
    filenameHash: false,
    minify: false,
    sourceMap: { js: 'source-map' },
    cleanDistPath: true,
    // Every bare import (a package or a node: builtin) is loaded at run time, not bundled.
    externals: [
      ({ request }, callback) =>
        request && !request.startsWith('.') && !request.startsWith('@/') && !request.startsWith('/')
          ? callback(undefined, `module-import ${request}`)
          : callback(),
    ],
  },
  // `new URL('../dist', import.meta.url)` names the console's directory at run time; it is no asset to bundle, and
  // `import.meta` stays the running file's (dist-server/…, beside dist/), not the source file's path on the machine
  // that built it, which a copy of dist-server elsewhere would go on serving.
  tools: { rspack: { module: { parser: { javascript: { url: false, importMeta: false } } } } },
});
