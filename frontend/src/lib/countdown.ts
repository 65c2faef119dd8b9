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

/** sevenDays is the default promotion end and the home countdown's horizon. */
export const sevenDaysMs = 7 * 24 * 60 * 60 * 1000;
