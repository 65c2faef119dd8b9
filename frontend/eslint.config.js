// Flat ESLint config: typescript-eslint (syntax-level rules, so linting stays
// fast and independent of the native TypeScript 7 compiler) plus the React
// hooks rules. typescript-eslint and its TypeScript 5 parser live in the root
// package.json because TypeScript 7 has no JavaScript API for it.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "test-results", "e2e/screenshots"] },
  {
    files: ["**/*.{ts,tsx,js}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/*/index", "@/features/*/index.*"],
              message: "No barrel files: import the module itself.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/{components,hooks,lib,stores,config,testing}/**"],
    ignores: ["src/testing/render-app.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/features/*", "@/app/*"], message: "Shared code does not import features or the app." }] },
      ],
    },
  },
  // Features never import each other: shared code lives in components, hooks,
  // lib and stores, and the app layer composes features.
  ...["account", "admin", "cart", "catalog", "cookie-consent", "legal"].map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/*", `!@/features/${feature}`, `!@/features/${feature}/**`],
              message: "Features do not import other features; move shared code to components, hooks, lib or stores.",
            },
            { group: ["@/app/*"], message: "Features do not import the app layer." },
          ],
        },
      ],
    },
  })),
);
