import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { retryDelay, sendUntilAnswered } from "@/features/admin/till/lib/send-until-answered";

describe("sendUntilAnswered", () => {
  it("sends again with the same request while no answer comes, then gives the answer", async () => {
    const sent: string[] = [];
    const offline: number[] = [];
    const waits: number[] = [];
    let calls = 0;
    const answer = await sendUntilAnswered(
      () => {
        sent.push("key-1");
        calls++;
        if (calls === 1) return Promise.reject(new TypeError("Failed to fetch"));
        if (calls === 2) return Promise.reject(new ConnectError("bad gateway", Code.Unavailable));
        return Promise.resolve("sale 7");
      },
      { offline: (n) => offline.push(n), wait: (ms) => (waits.push(ms), Promise.resolve()) },
    );
    expect(answer).toBe("sale 7");
    expect(sent).toEqual(["key-1", "key-1", "key-1"]);
    expect(offline).toEqual([1, 2]);
    expect(waits).toEqual([1000, 2000]);
  });

  it("does not retry a refusal: the server answered", async () => {
    let calls = 0;
    const refusal = new ConnectError("cash limit", Code.FailedPrecondition);
    await expect(
      sendUntilAnswered(
        () => {
          calls++;
          return Promise.reject(refusal);
        },
        { offline: () => {}, wait: () => Promise.resolve() },
      ),
    ).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });

  it("stops when the screen goes away", async () => {
    const stop = new AbortController();
    let calls = 0;
    await expect(
      sendUntilAnswered(
        () => {
          calls++;
          return Promise.reject(new ConnectError("down", Code.Unavailable));
        },
        { offline: () => {}, wait: () => (stop.abort(), Promise.resolve()), signal: stop.signal },
      ),
    ).rejects.toThrow("down");
    expect(calls).toBe(1);
  });

  it("waits longer after each failure, up to 15 s", () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
  });
});
