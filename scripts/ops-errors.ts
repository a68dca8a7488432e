// How the operators' scripts (backup, restore) end on an error: what an operator can act on
// (a configuration, an archive, a full disk, a permission) is one line without a stack trace;
// anything else is a bug and keeps its trace.

/** Prints `error` for the operator and exits with 1; rethrows what none of `expected` nor the system explains. */
export function failOnOperatorError(
  error: unknown,
  action: string,
  expected: readonly (abstract new (...args: never[]) => Error)[],
): never {
  if (expected.some((kind) => error instanceof kind)) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // The system's own errors (ENOSPC, EACCES, EROFS…): the message names the file and the cause.
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) {
    console.error(`${action} failed: ${(error as Error).message}`);
    process.exit(1);
  }
  throw error;
}
