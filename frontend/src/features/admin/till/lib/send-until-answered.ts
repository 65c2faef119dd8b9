import { Code, ConnectError } from "@connectrpc/connect";

// A sale that reached the server but whose answer was lost looks, to the
// till, like one that never left: the only safe move is to send it again
// with the same idempotency key until the server answers, which gives the
// recorded sale (never a second one) or says why it refuses.

/** isNetworkFailure says the server's answer never arrived: send again. */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof ConnectError)) return error instanceof TypeError;
  // A fetch that fails reaches connect-web as Unknown; a proxy with the
  // server down answers 502–504, which Connect reads as Unavailable.
  return error.code === Code.Unknown || error.code === Code.Unavailable || error.code === Code.DeadlineExceeded;
}

/** retryDelay is how long to wait before the attempt after failures failed ones: 1 s doubling to 15 s. */
export function retryDelay(failures: number): number {
  return Math.min(15_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/** RetryOptions are sendUntilAnswered's hooks. */
export interface RetryOptions {
  /** offline is told each time an attempt got no answer, with the failures so far. */
  offline: (failures: number) => void;
  /** wait resolves when it is time to try again (a delay, or the browser back online). */
  wait: (ms: number) => Promise<void>;
  /** signal stops the retries (the screen went away); the basket stays kept. */
  signal?: AbortSignal;
}

/**
 * sendUntilAnswered calls send until the server answers: its answer, or its
 * refusal thrown. Only a missing answer is retried.
 */
export async function sendUntilAnswered<T>(send: () => Promise<T>, { offline, wait, signal }: RetryOptions): Promise<T> {
  for (let failures = 0; ; ) {
    try {
      return await send();
    } catch (err) {
      if (!isNetworkFailure(err) || signal?.aborted) throw err;
      failures++;
      offline(failures);
      await wait(retryDelay(failures));
      if (signal?.aborted) throw err;
    }
  }
}

/** waitOrOnline waits ms, or less when the browser says it is back online. */
export function waitOrOnline(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
  });
}
