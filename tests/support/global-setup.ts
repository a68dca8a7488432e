import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { ensureFreshBuild } from "../../scripts/build-freshness.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// Integration tests drive the production server build: `npm test` builds it first, and a build
// missing or older than the code is rebuilt here rather than tested.
export default function setup(project: TestProject) {
  // CI runs both engines: without a PostgreSQL to run on, the run fails rather than skips half.
  if (project.name === "integration-postgres" && !process.env.TEST_DATABASE_URL) {
    throw new Error(
      "CI=true but TEST_DATABASE_URL is not set: the integration suite must also run on PostgreSQL. " +
        "Set TEST_DATABASE_URL to a reachable PostgreSQL database (.ci/run does), e.g. postgres://postgres@127.0.0.1:5432/test.",
    );
  }
  ensureFreshBuild(root);
}
