import { readdirSync, readFileSync } from "node:fs";

// A capture's processes as Linux shows them under /proc: the worker the app started, the Chromium
// it launched, and everything those started in turn, whichever user they run as. Used to measure
// a capture's memory and to kill all of it at once (docs/decisions/016).

/** A process as /proc/<pid>/stat shows it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The session it is in (Playwright starts Chromium in a session of its own). */
  sid: number;
  /** R, S, D, T, Z…: Z is a process that has ended and waits for its parent to collect it. */
  state: string;
  /** When it started (clock ticks since boot): with the pid, a process no later one is taken for. */
  start: number;
}

/** Every process on the machine; one that ends while this reads is left out. */
export function listProcesses(): Map<number, ProcessInfo> {
  const all = new Map<number, ProcessInfo>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return all; // not Linux: nothing to see
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const info = readStat(Number(entry));
    if (info) all.set(info.pid, info);
  }
  return all;
}

/** One process's /proc/<pid>/stat, or null when it is gone. */
export function readStat(pid: number): ProcessInfo | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  } catch {
    return null;
  }
  // "pid (comm) state ppid pgrp session …": comm may hold spaces and parentheses; it ends at the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { pid, state: fields[0]!, ppid: Number(fields[1]), sid: Number(fields[3]), start: Number(fields[19]) };
}

/**
 * `roots` and every process descending from them, plus every process in a session one of them
 * leads (where a process its parent left behind still is, whoever took it in), and every process
 * started since `marker.since` whose command line holds `marker.text` (a path of the capture's
 * own: what detached itself from its parent and session, as Chromium's crash handler does, still
 * names it). Processes that have ended (Z) are left out: there is nothing left of them to measure
 * or kill.
 */
export function processTree(
  roots: Iterable<number>,
  all: Map<number, ProcessInfo> = listProcesses(),
  marker?: { text: string; since: number },
): ProcessInfo[] {
  const members = new Map<number, ProcessInfo>();
  for (const pid of roots) {
    const info = all.get(pid);
    if (info) members.set(pid, info);
  }
  if (marker) {
    for (const info of all.values()) {
      if (members.has(info.pid) || info.start < marker.since || info.pid === process.pid) continue;
      if (commandLine(info.pid).includes(marker.text)) members.set(info.pid, info);
    }
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const info of all.values()) {
      if (members.has(info.pid)) continue;
      if (members.has(info.ppid) || (members.has(info.sid) && members.get(info.sid)!.sid === info.sid)) {
        members.set(info.pid, info);
        grew = true;
      }
    }
  }
  return [...members.values()].filter((info) => info.state !== "Z");
}

/** A process's command line, its arguments joined by spaces; "" when it is gone or has none. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/**
 * The memory of these processes that is theirs: anonymous and shared-memory pages in RAM (heaps,
 * page tiles), in bytes. Pages of files (the Chromium binary, fonts, mapped by every process and
 * dropped by the system when it needs to) are not counted.
 */
export function memoryOf(processes: readonly ProcessInfo[]): number {
  let kb = 0;
  for (const { pid } of processes) {
    let status: string;
    try {
      status = readFileSync(`/proc/${pid}/status`, "latin1");
    } catch {
      continue; // gone meanwhile
    }
    for (const field of ["RssAnon", "RssShmem"]) {
      const value = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
      if (value) kb += Number(value);
    }
  }
  return kb * 1024;
}

/** Whether this process (pid and start time) is still running: neither gone nor ended. */
export function stillRunning(info: ProcessInfo): boolean {
  const now = readStat(info.pid);
  return now !== null && now.start === info.start && now.state !== "Z";
}

/**
 * Kills `roots` and everything that belongs with them (processTree) with SIGKILL. They are first
 * stopped, round after round until no new process turns up, so none can start another meanwhile.
 * Returns what was killed.
 */
export function killTree(roots: Iterable<number>, marker?: { text: string; since: number }): ProcessInfo[] {
  const stopped = new Map<number, ProcessInfo>();
  const first = [...roots];
  for (let round = 0; round < 20; round++) {
    const fresh = processTree([...first, ...stopped.keys()], listProcesses(), marker).filter(
      (info) => !stopped.has(info.pid),
    );
    if (fresh.length === 0) break;
    for (const info of fresh) {
      signal(info.pid, "SIGSTOP");
      stopped.set(info.pid, info);
    }
  }
  for (const info of stopped.values()) signal(info.pid, "SIGKILL");
  return [...stopped.values()];
}

/** Resolves once none of these processes is running any more, or after `withinMs`. */
export async function gone(processes: readonly ProcessInfo[], withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  for (;;) {
    if (!processes.some(stillRunning)) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone already (ESRCH), or not ours to signal (EPERM): nothing more can be done
  }
}
