import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import boundaries from "eslint-plugin-boundaries";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

// Code that runs in the browser takes Zod from core/zod.ts, which switches off the eval probe the CSP refuses.
const ZOD_DOOR = {
  name: "zod",
  message: "Import { z } from core/zod.ts (it keeps Zod from probing for eval, which the CSP refuses).",
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // Plain CommonJS that any Node runs (it checks the Node version before anything else can fail).
    files: ["scripts/check-node.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off", "no-var": "off" },
  },
  {
    // Migrations are frozen: they must not follow today's table types, so they see an untyped schema.
    files: ["server/platform/db/migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The layering of docs/design.md#layers: core is pure, server knows no React, routes build no SQL.
    files: ["core/**/*.ts"],
    ignores: ["core/zod.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["node:*", "kysely", "react*"], paths: [ZOD_DOOR] }],
    },
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["server/app.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["react", "react-dom"] }] },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["kysely", "**/server/platform/db/*"], paths: [ZOD_DOOR] }],
    },
  },
  {
    // What renders in the browser takes only types from server/ (the build also refuses server
    // code in the client bundle: vite.config.ts); route modules use server values in loaders and actions.
    files: ["app/components/**/*.tsx", "app/components/**/*.ts", "app/lib/**/*.ts", "app/lib/**/*.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**"],
              allowTypeImports: true,
              message: "Components and app/lib import only types from server/; move shared values to core/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The layers of docs/design.md#layers, at any depth: core is pure; the platform (server/platform)
    // is plumbing that knows no domain; a domain (server/<name>) uses core and the platform and is
    // handed narrow dependencies, so it never imports the composition root (server/app.ts, main.ts,
    // services.ts) or the React app; only the composition root wires everything together.
    files: ["core/**/*.ts", "server/**/*.ts", "app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test-support.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/include": ["core/**", "server/**", "app/**"],
      "boundaries/elements": [
        { type: "core", pattern: "core" },
        { type: "app", pattern: "app" },
        { type: "platform", pattern: "server/platform" },
        { type: "domain", pattern: "server/*", capture: ["name"] },
      ],
      "boundaries/files": [{ category: "composition-root", pattern: "server/*.ts" }],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          policies: [
            {
              from: { element: { type: "core" } },
              disallow: { to: { element: { types: { anyOf: ["app", "platform", "domain"] } } } },
            },
            {
              from: { element: { type: "platform" } },
              disallow: { to: { element: { types: { anyOf: ["app", "domain"] } } } },
            },
            { from: { element: { type: "domain" } }, disallow: { to: { element: { type: "app" } } } },
            // The composition root (server/app.ts, main.ts, services.ts) sits beside the folders.
            {
              from: { element: { types: { anyOf: ["core", "platform", "domain"] } } },
              disallow: { to: { file: { categories: "composition-root" } } },
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles between modules: a cycle makes load order matter and hides which side owns what.
    files: ["core/**/*.ts", "server/**/*.ts", "app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // docs/decisions/020 and 042: identifiers spell -ize where British prose spells -ise (normalize,
    // sanitize…), as the platform does. Established names outside this list (fulfilOrder) keep theirs.
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    rules: {
      "id-match": [
        "error",
        "^(?!.*(?:[Nn]ormalis|[Ss]anitis|[Ii]nitialis|[Ss]erialis|[Oo]ptimis|[Aa]uthoris|[Oo]rganis|[Rr]ecognis|[Ss]ummaris|[Cc]ustomis|[Mm]inimis|[Mm]aximis|[Ss]tandardis|[Pp]rioritis|[Cc]ategoris|[Cc]apitalis|[Ss]ynchronis|[Ff]inalis|[Uu]tilis))",
        { properties: true, classFields: true, onlyDeclarations: false },
      ],
    },
  },
);
