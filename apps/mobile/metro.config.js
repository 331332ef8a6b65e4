// Metro in an npm-workspaces monorepo (Expo's default config finds the workspace root and watches it).
// The web app at the root uses a newer React than this Expo SDK pins; React Native's renderer needs the
// exact React it was built for, so every `react` / `react-dom` import in the bundle, from any package,
// resolves to this app's own copies (apps/mobile/node_modules), never the hoisted ones (decision 033).
const path = require('node:path');
const { getDefaultConfig } = require('expo/metro-config');

const config = getDefaultConfig(__dirname);
const pinned = /^(react|react-dom)(\/.*)?$/;
const defaultResolve = config.resolver.resolveRequest;
config.resolver.resolveRequest = (context, moduleName, platform) => {
  const resolve = defaultResolve ?? context.resolveRequest;
  if (pinned.test(moduleName)) {
    return resolve({ ...context, originModulePath: path.join(__dirname, 'index.ts') }, moduleName, platform);
  }
  return resolve(context, moduleName, platform);
};
module.exports = config;
