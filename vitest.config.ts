import { defineConfig } from "vitest/config";

const isCi = Boolean(process.env.CI) && process.env.CI !== "false" && process.env.CI !== "0";

// Unit tests sit next to the code as *.test.ts; integration tests as *.int.test.ts and drive the
// real Express app over HTTP against a real database, once per engine.
const integration = (engine: "sqlite" | "postgres") => ({
  test: {
    name: `integration-${engine}`,
    include: ["{server,app,core,tests}/**/*.int.test.ts"],
    // *.pg.int.test.ts: what only PostgreSQL has (schemas, several installs in one database);
    // *.sqlite.int.test.ts: what only the one-machine setup has (its file and uploads folder: backups).
    // *.chromium.int.test.ts touch no database: they run once, in their own project below.
    exclude: [
      engine === "sqlite" ? "**/*.pg.int.test.ts" : "**/*.sqlite.int.test.ts",
      "**/*.chromium.int.test.ts",
      "node_modules/**",
    ],
    env: { TEST_ENGINE: engine },
    globalSetup: ["tests/support/global-setup.ts"],
    // Every JSON API answer a test gets is checked against the API's description.
    setupFiles: ["tests/support/api-conformance.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // tests/lint: the lint rules' own tests, which run ESLint on code strings.
          include: ["{server,app,core,scripts}/**/*.test.ts", "tests/lint/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
        },
      },
      integration("sqlite"),
      // The system Chromium against local servers (screenshots): seconds per test, so not a unit
      // test, and no database, so not once per engine. `--project 'integration-*'` runs it.
      {
        test: {
          name: "integration-chromium",
          include: ["{server,app,core,tests}/**/*.chromium.int.test.ts"],
          exclude: ["node_modules/**"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Locally PostgreSQL is optional. On CI it is not: the project stays, and its global setup
      // fails the run when TEST_DATABASE_URL is missing instead of skipping half the suite.
      ...(process.env.TEST_DATABASE_URL || isCi ? [integration("postgres")] : []),
    ],
  },
});
