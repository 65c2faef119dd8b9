// Flat ESLint config: typescript-eslint (syntax-level rules, so linting stays
// fast and independent of the native TypeScript 7 compiler) plus the React
// hooks rules. typescript-eslint and its TypeScript 5 parser live in the root
// package.json because TypeScript 7 has no JavaScript API for it.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// No barrel files: every module is imported by its own path.
const noBarrels = {
  group: ["@/features/*/index", "@/features/*/index.*"],
  message: "No barrel files: import the module itself.",
};

// featureFence keeps a feature to itself, shared code and the gen/ contract.
// A later block's no-restricted-imports replaces an earlier one's, so each
// block repeats the barrel rule.
const featureFence = (feature) => [
  noBarrels,
  {
    group: ["@/features/*", `!@/features/${feature}`, `!@/features/${feature}/**`],
    message: "Features do not import other features; move shared code to components, hooks, lib or stores.",
  },
  { group: ["@/app/*"], message: "Features do not import the app layer." },
];

// The back office's resources: folders of src/features/admin, each one
// service of the contract (issue 31).
const adminResources = [
  "api-keys",
  "audit",
  "catalogue-import",
  "customers",
  "dashboard",
  "emails",
  "invoices",
  "messages",
  "orders",
  "parcels",
  "products",
  "promotions",
  "reviews",
  "settings",
  "staff",
  "stock",
  "till",
  "visibility",
  "withdrawals",
];

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
      // verbatimModuleSyntax keeps `import { type A }` as an import of the
      // module for its side effects: a generated file imported for its types
      // would then be evaluated, descriptors and all.
      "@typescript-eslint/no-import-type-side-effects": "error",
      "no-restricted-imports": [
        "error",
        {
          patterns: [noBarrels],
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
  ...["account", "cart", "catalog", "contact", "cookie-consent", "legal", "payment", "reviews"].map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: { "no-restricted-imports": ["error", { patterns: featureFence(feature) }] },
  })),
  // The back office is one feature of one folder per resource (issue 31),
  // each of which will talk to its own service. admin/routes.tsx and the
  // screens in admin/screens compose resources; admin/shared holds what
  // several use.
  {
    files: ["src/features/admin/**"],
    rules: { "no-restricted-imports": ["error", { patterns: featureFence("admin") }] },
  },
  {
    files: ["src/features/admin/shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...featureFence("admin"),
            {
              regex: "^@/features/admin/(?!shared(/|$))",
              message: "Back-office shared code does not import resources or screens.",
            },
          ],
        },
      ],
    },
  },
  ...adminResources.map((resource) => ({
    files: [`src/features/admin/${resource}/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...featureFence("admin"),
            {
              // Another resource's api/service names the service whose cached
              // reads a write here makes stale (a product saved changes the
              // country lists); it holds no code, only the descriptor.
              regex: `^@/features/admin/(?!(${resource}|shared)(/|$)|[a-z-]+/api/service$)`,
              message:
                "A back-office resource imports only itself and admin/shared; compose resources in admin/screens.",
            },
          ],
        },
      ],
    },
  })),
);
