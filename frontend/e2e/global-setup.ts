import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { startMailpit } from "./mailpit";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** mailpitURL is the API of the Mailpit shopd sends its e-mails to. */
    mailpitURL: string;
  }
}

const repoRoot = resolve(import.meta.dirname, "../..");

/**
 * A port nobody listens on now. shopd needs it up front (PUBLIC_URL names
 * it, for sign-in redirects and origin checks), and a fixed one let the
 * tests talk to another shopd already running on this machine.
 */
function freePort(): Promise<string> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolvePort(String(address.port));
        else reject(new Error("no port"));
      });
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`shopd exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`shopd did not answer at ${url}:\n${log()}`);
}

/**
 * Starts bin/shopd (built with the frontend embedded: ./task build) on a
 * fresh embedded PostgreSQL cluster with the sample catalogue and the
 * built-in sign-in provider, its e-mails caught by Mailpit, the
 * development payment gateway (on by default on loopback) and the
 * development AEAT, and stops them afterwards.
 */
export default async function setup(project: TestProject) {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide("baseURL", external.replace(/\/$/, ""));
    project.provide("mailpitURL", process.env.E2E_MAILPIT_URL ?? "");
    return;
  }
  const binary = process.env.SHOPD_BIN ?? join(repoRoot, "bin/shopd");
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run ./task build first (or set E2E_BASE_URL)`);
  const port = process.env.E2E_PORT ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), "sabores-e2e-"));
  const baseURL = `http://127.0.0.1:${port}`;
  // shopd's e-mails go to a Mailpit of this run, where the tests read them.
  const mailpit = await startMailpit(repoRoot, await freePort(), await freePort(), dataDir);
  let output = "";
  const child = spawn(binary, ["serve"], {
    env: {
      ...process.env,
      ADDR: `127.0.0.1:${port}`,
      PUBLIC_URL: baseURL,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      DATA_DIR: dataDir,
      DEV_SIGNIN: "true",
      // Invoices go to the development AEAT as a live shop's go to the
      // AEAT: records sent and answered, the VERI*FACTU legend printed.
      DEV_AEAT: "true",
      ENV: "development",
      LOG_LEVEL: "warn",
      // One shopper places every kind of order across the suite, cash ones
      // included, which count as unpaid until delivered.
      ORDER_MAX_UNPAID: "20",
      // A signed-in shopper's cart is abandoned after 5 seconds here (a day
      // in a shop), so the reminder walk sees the pass at work.
      CART_IDLE: "5s",
      // Every shopper of the suite signs in from 127.0.0.1, about one
      // sign-in every few seconds on a quiet machine: the default 30
      // requests a minute per address (ten sign-ins) refused some.
      SIGNIN_PER_MINUTE: "600",
      // Playwright's request contexts keep connections open without a
      // timeout of their own; a call on one shopd closed as idle that very
      // moment fails with ECONNRESET. Two minutes (the most shopd allows)
      // outlasts the pauses of a walk.
      HTTP_IDLE_TIMEOUT: "2m",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: mailpit.smtpPort,
      SMTP_TLS: "none",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  try {
    await waitUntilUp(`${baseURL}/`, child, () => output);
  } catch (err) {
    child.kill("SIGTERM");
    await mailpit.stop();
    throw err;
  }
  project.provide("baseURL", baseURL);
  project.provide("mailpitURL", mailpit.apiURL);

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await mailpit.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
