// ESLint's flat config for the HTML map's script (map.js), run by tests/it/html.rs with the
// ESLint that scripts/install-test-tools.sh installs into target/test-tools/eslint (found
// through NODE_PATH). The script runs in a browser, as a classic script, with no module.
"use strict";
const js = require("@eslint/js");

const browser = Object.fromEntries(
  [
    "cancelAnimationFrame", "console", "document", "getComputedStyle", "history", "HTMLInputElement",
    "HTMLTextAreaElement", "location", "Map", "matchMedia", "performance", "requestAnimationFrame",
    "ResizeObserver", "Set", "URL", "window",
  ].map((name) => [name, "readonly"]),
);

module.exports = [
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: browser },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // The script's own discipline: strict mode, no sloppy comparisons, no var, no eval or
      // string-built code, nothing left unused, no HTML parsing of strings.
      strict: ["error", "global"],
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-shadow": "error",
      "no-use-before-define": ["error", { functions: false, variables: false }],
      "no-restricted-properties": [
        "error",
        { property: "innerHTML", message: "card texts go in with textContent" },
        { property: "outerHTML", message: "card texts go in with textContent" },
        { property: "insertAdjacentHTML", message: "card texts go in with textContent" },
        { object: "document", property: "write", message: "card texts go in with textContent" },
      ],
    },
  },
];
