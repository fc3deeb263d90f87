import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';

const production = process.env.NODE_ENV !== 'development';

/**
 * One entry (the first screen: shell, session, router) and one lazily loaded chunk
 * per screen; the chart library arrives only with the dashboard. Settings are
 * read at run time from /config.json, so nothing environment-specific is built in.
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
      { test: /\.(svg|png|webp)$/, type: 'asset/resource' },
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
  ],
  optimization: {
    splitChunks: {
      chunks: 'async',
      cacheGroups: {
        // The app's own code that two or more screens use (the record editor, fields,
        // list helpers, domain rules) goes to one chunk. Left to the defaults it was
        // copied into every screen or cut into dozens of tiny chunks, each losing
        // gzip's context: about 30 KB more JavaScript in all.
        shared: { test: /[\\/]src[\\/]/, minChunks: 2, name: 'shared', chunks: 'async', minSize: 0, priority: 10, reuseExistingChunk: true },
      },
    },
  },
  performance: false,
});
