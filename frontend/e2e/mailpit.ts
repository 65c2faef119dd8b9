import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

/**
 * Mailpit for the browser tests: a real SMTP server shopd sends to, whose
 * HTTP API the tests read, the same tool the Go tests use (pinned in
 * tools/go.mod; `go tool -n` builds it once and prints its path).
 */
export interface Mailpit {
  smtpPort: string;
  apiURL: string;
  stop: () => Promise<void>;
}

/** startMailpit runs Mailpit on the given loopback ports until stop. */
export async function startMailpit(repoRoot: string, smtpPort: string, apiPort: string, dataDir: string): Promise<Mailpit> {
  const binary = execFileSync("go", ["tool", "-n", `-modfile=${join(repoRoot, "tools/go.mod")}`, "mailpit"], {
    cwd: repoRoot,
    encoding: "utf8",
  }).trim();
  const child: ChildProcess = spawn(
    binary,
    [
      "--smtp", `127.0.0.1:${smtpPort}`,
      "--listen", `127.0.0.1:${apiPort}`,
      "--database", join(dataDir, "mailpit.db"),
      "--quiet",
      "--disable-version-check",
    ],
    { stdio: "ignore" },
  );
  const apiURL = `http://127.0.0.1:${apiPort}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mailpit exited (${child.exitCode})`);
    try {
      if ((await fetch(`${apiURL}/api/v1/messages?limit=1`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("mailpit did not start within 20 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    smtpPort,
    apiURL,
    stop: async () => {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    },
  };
}

/** CaughtMail is a message Mailpit caught, as its list shows it. */
export interface CaughtMail {
  ID: string;
  MessageID: string;
  Subject: string;
  To: { Address: string }[];
}

/** caughtMail lists every message Mailpit at apiURL caught, newest first. */
export async function caughtMail(apiURL: string): Promise<CaughtMail[]> {
  const res = await fetch(`${apiURL}/api/v1/messages?limit=1000`);
  if (!res.ok) throw new Error(`mailpit: ${res.status}`);
  return ((await res.json()) as { messages: CaughtMail[] }).messages;
}
