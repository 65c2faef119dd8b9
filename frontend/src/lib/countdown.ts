/** Remaining is a duration split for a countdown display. */
export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  expired: boolean;
}

/** remaining splits the time from now until end. */
export function remaining(endMs: number, nowMs: number): Remaining {
  const diff = Math.max(0, endMs - nowMs);
  const s = Math.floor(diff / 1000);
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
    expired: endMs <= nowMs,
  };
}

/**
 * soonestEnd is when the first of the running promotions ends, in ms, or
 * undefined when none has an end still ahead: only a real end may be
 * counted down to (an invented deadline is a banned "limited time" claim,
 * Directive 2005/29/EC, Annex I point 7).
 */
export function soonestEnd(ends: readonly (number | undefined)[], nowMs: number): number | undefined {
  let soonest: number | undefined;
  for (const end of ends) {
    if (end !== undefined && end > nowMs && (soonest === undefined || end < soonest)) soonest = end;
  }
  return soonest;
}
