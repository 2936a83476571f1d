// Shared by the command-line tools: settings, the database, clear failures.
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { DataDirLockedError, type Database } from "../db/client";
import { loadEnv, type Env } from "../env";
import { databaseTarget, openAndMigrate } from "../server";

export class CliError extends Error {}

/**
 * The command's options (strict, with `--help`/`-h` added): a mistake is a CliError followed by the usage;
 * undefined after `--help`, which prints the usage.
 */
export function cliOptions<Values>(options: ParseArgsConfig["options"], usage: string): Values | undefined {
  let values: Values & { help?: boolean };
  try {
    values = parseArgs({ options: { ...options, help: { type: "boolean", short: "h" } }, strict: true }).values as Values & { help?: boolean };
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n${usage}`);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return undefined;
  }
  return values;
}

export function describeTarget(env: Env): string {
  return env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${path.resolve(env.DATA_DIR)}`;
}

export async function openForCli(env: Env): Promise<Database> {
  return openAndMigrate(databaseTarget(env));
}

/** Runs a command: prints its failure as a message (no stack trace for expected problems) and sets the exit code. */
export function runCli(main: (env: Env) => Promise<void>) {
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    process.stderr.write(`\n${(err as Error).message}\n\n`);
    process.exit(1);
  }
  main(env).then(
    () => process.exit(0),
    (err: unknown) => {
      if (err instanceof DataDirLockedError) {
        process.stderr.write(`\n${err.message}\nThe server must not be running while this command uses the embedded database.\n\n`);
      } else if (err instanceof CliError) {
        process.stderr.write(`\n${err.message}\n\n`);
      } else {
        process.stderr.write(`\nFailed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n\n`);
      }
      process.exit(1);
    },
  );
}
