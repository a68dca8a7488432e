import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import type { DatabaseTarget } from "../config.ts";
import { makePrivateDirSync, PRIVATE_FILE_MODE } from "../private-files.ts";
import type { DB } from "./types.ts";

export type { DB } from "./types.ts";
export type Engine = DatabaseTarget["engine"];

/** An open database: the Kysely handle plus what engine-specific plumbing (rate limits) needs. */
export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** The pg pool when on PostgreSQL (rate-limiter-flexible shares it), else null. */
  pgPool: pg.Pool | null;
  /** Resolves when the database answers a trivial query within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

// PostgreSQL returns int8 (COUNT, SUM, bigint columns) and numeric as strings; our integers are
// milliseconds and cents, far below 2^53, so numbers are exact and keep one type on both engines.
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) {
      return (value: string) => Number(value);
    }
    return pg.types.getTypeParser(oid, format);
  },
};

/** Opens the configured database (SQLite file or PostgreSQL pool). */
export function openDatabase(target: DatabaseTarget): Database {
  if (target.engine === "sqlite") return openSqlite(target.file);
  return openPostgres(target.url, target.schema);
}

function openSqlite(file: string): Database {
  if (file !== ":memory:") {
    makePrivateDirSync(path.dirname(file));
    // Created for its user alone; SQLite gives its -wal and -shm files the database file's mode.
    fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
  }
  const sqlite = new SQLite(file);
  // WAL lets readers work while one writer commits; busy_timeout waits instead of failing on a lock.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // 4 MB of pages rather than 16: public pages read rows by key, and the operating system keeps
  // the file's pages cached anyway (docs/decisions/023).
  sqlite.pragma("cache_size = -4000");
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    engine: "sqlite",
    pgPool: null,
    async ping() {
      // better-sqlite3 is synchronous: a query either answers at once or throws.
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

function openPostgres(url: string, schema?: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    types: pgTypes,
    // Tests give every file its own schema; production uses the default search path.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its server emits 'error'; without a listener that would crash the process.
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withCallbackQueries(pool) }) });
  let closed = false;
  return {
    db,
    engine: "postgres",
    pgPool: pool,
    async ping(timeoutMs = 2000) {
      if (closed) throw new Error("database is closed");
      await withTimeout(sql`select 1`.execute(db), timeoutMs);
    },
    async close() {
      closed = true;
      await db.destroy();
    },
  };
}

/**
 * `pool` as Kysely uses it, each query sent through pg's callback form. pg's promise form assigns
 * an arrow function to the query (`query.callback = (err, res) => …`); V8 puts a function assigned
 * straight to a property in the old generation, and from there it kept every query's rows past
 * young-generation collections, until the next full one (docs/decisions/031).
 */
function withCallbackQueries(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // Known once connected, which a pool's client is.
    processID: (client as { processID?: number }).processID,
    // pg's callback form, made a promise by Node (its callback is an argument, not a property).
    // Kysely's other form, with a cursor, is for streaming, which is not configured.
    query: promisify(client.query.bind(client)) as unknown as PostgresPoolClient["query"],
    release: (destroy?: boolean) => client.release(destroy),
  });
  return {
    Client: pg.Client,
    options: pool.options,
    async connect() {
      const client = await pool.connect();
      let found = wrapped.get(client);
      if (!found) wrapped.set(client, (found = wrap(client)));
      return found;
    },
    end: () => pool.end(),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Whether a write failed on a unique constraint (SQLite's and PostgreSQL's ways of saying so). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}
