import fs from 'node:fs';
import { URL, fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// Web feature folders (apps/web/src/features/*), read from disk so a new feature is fenced in at once:
// each may import only itself, api (the resources several features read), lib, components and shared.
const webFeaturesDir = new URL('./apps/web/src/features/', import.meta.url);
const webFeatures = fs.existsSync(webFeaturesDir)
  ? fs
      .readdirSync(webFeaturesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// Server modules (apps/server/src/modules/*), read from disk the same way: a module reaches another only through
// its faces, the services (`*.service.ts`) and routes (`*.routes.ts`), never its repository or helpers.
const serverModulesDir = new URL('./apps/server/src/modules/', import.meta.url);
const serverModules = fs.existsSync(serverModulesDir)
  ? fs
      .readdirSync(serverModulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const moduleFaces = serverModules.flatMap((module) =>
  fs
    .readdirSync(new URL(`${module}/`, serverModulesDir))
    .filter((file) => /\.(service|routes)\.ts$/.test(file))
    .map((file) => `./${module}/${file}`),
);
const serverModuleZones = serverModules.map((module) => ({
  target: fileURLToPath(new URL(`${module}/`, serverModulesDir)),
  from: fileURLToPath(serverModulesDir),
  except: [`./${module}`, ...moduleFaces],
  message: 'Reach another module through its service (decision 299).',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // npm start's kept builds (decision 272).
      '**/.builds/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'apps/web/**/*.{ts,tsx}', 'packages/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    // import-x rules only bite when imports resolve to files and those files are read, so resolve and parse
    // .ts/.tsx like the bundler does.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    // A cycle hands some module a half-initialised import; type-only imports are erased and do not count.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other; routes in src/app compose them (bulletproof-react).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
            {
              target: './apps/web/src/api',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    // Tests and their module-local support files may set up state through any module's internals.
    ignores: ['**/*.test.ts', '**/test-support.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverModuleZones }] },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-dom', 'drizzle-orm', 'fastify'] },
      ],
    },
  },
  {
    files: ['bench/**/*.ts', 'e2e/**/*.ts', 'apps/server/src/main.ts', 'apps/server/src/db/cli/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
