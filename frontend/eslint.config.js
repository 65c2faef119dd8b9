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
);
