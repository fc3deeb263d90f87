import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig } from '@rspack/cli';
import { rspack, type Compiler } from '@rspack/core';

const production = process.env.NODE_ENV !== 'development';

/**
 * Each script and stylesheet also as brotli and gzip, made once by the build at their
 * best settings: the server sends these files as they are (server/http/app-shell.ts)
 * instead of compressing the same bytes again for every page load.
 */
class PrecompressedAssets {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PrecompressedAssets', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressedAssets', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [name, source] of Object.entries(assets)) {
          if (!/\.(js|css|txt)$/.test(name)) continue;
          const bytes = source.buffer();
          compilation.emitAsset(`${name}.br`, new RawSource(brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })));
          compilation.emitAsset(`${name}.gz`, new RawSource(gzipSync(bytes, { level: 9 })));
        }
      });
    });
  }
}

/**
 * One entry (the first screen: shell, session, router) and one lazily loaded chunk
 * per screen; the chart library arrives only with the dashboard. Settings are
 * read at run time (from the page the server sends, or /config.json), so nothing
 * environment-specific is built in.
 */
export default defineConfig({
  mode: production ? 'production' : 'development',
  entry: { main: './src/main.tsx' },
  output: {
    path: new URL('./dist/', import.meta.url).pathname,
    publicPath: '/',
    filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
    chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
    cssFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
    cssChunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
    assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
  devtool: production ? false : 'cheap-module-source-map',
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
          },
          env: { targets: 'chrome >= 111, firefox >= 111, safari >= 16.4' },
        },
        type: 'javascript/auto',
      },
      { test: /\.css$/, type: 'css/auto' },
      // The password rule's leaked list: data the browser fetches when a password is first typed.
      { test: /\.(svg|png|webp|txt)$/, type: 'asset/resource' },
    ],
  },
  plugins: [
    new rspack.HtmlRspackPlugin({
      template: './src/index.html',
      inject: 'body',
      scriptLoading: 'module',
      favicon: './src/ui/kit/logo.svg',
    }),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
    ...(production ? [new PrecompressedAssets()] : []),
  ],
  optimization: {
    splitChunks: {
      chunks: 'async',
      cacheGroups: {
        // The app's own code that two or more screens use (the record editor, fields,
        // list helpers, domain rules) goes to one chunk. Left to the defaults it was
        // copied into every screen or cut into dozens of tiny chunks, each losing
        // gzip's context: about 30 KB more JavaScript in all.
        // The sign-up screen keeps its own copies: a stranger's first screen should not
        // download every signed-in screen's shared code (18 KB gzip) for the little it uses.
        shared: { test: /[\\/]src[\\/]/, minChunks: 2, name: 'shared', chunks: (chunk) => !chunk.isOnlyInitial() && chunk.name !== 'signup', minSize: 0, priority: 10, reuseExistingChunk: true },
      },
    },
  },
  performance: false,
});
