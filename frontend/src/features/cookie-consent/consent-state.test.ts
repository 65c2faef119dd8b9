import { describe, expect, it, vi } from "vitest";
import {
  consentReducer,
  consentRecordKey,
  cookiePolicyVersion,
  defaultPreferences,
  initialConsent,
  parsePreferences,
  persists,
  type ConsentState,
} from "@/features/cookie-consent/consent-state";

const now = "2026-11-21T06:00:00.000Z";
const fresh: ConsentState = initialConsent(undefined, null);

describe("initialConsent", () => {
  it("starts with technical cookies only, no consent, banner shown", () => {
    expect(fresh).toEqual({ preferences: defaultPreferences, bannerVisible: true, settingsOpen: false });
  });
  it("hides the banner once it was dismissed for good", () => {
    expect(initialConsent(undefined, "true").bannerVisible).toBe(false);
  });
  it("ignores invalid stored preferences, logging them", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(parsePreferences({ analytics: "yes" })).toEqual(defaultPreferences);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
  it("restores valid stored preferences, technical forced on", () => {
    const stored = { technical: false, analytics: true, marketing: false, personalization: true, consentGiven: true, consentTimestamp: now };
    expect(parsePreferences(stored)).toEqual({ ...stored, technical: true });
  });
});

describe("consentReducer", () => {
  it("accept all turns every category on, records consent and hides the banner", () => {
    const s = consentReducer(fresh, { type: "acceptAll", now });
    expect(s.preferences).toEqual({
      technical: true,
      analytics: true,
      marketing: true,
      personalization: true,
      consentGiven: true,
      consentTimestamp: now,
      policyVersion: cookiePolicyVersion,
    });
    expect(s.bannerVisible).toBe(false);
  });
  it("reject optional keeps technical only but still records consent", () => {
    const s = consentReducer({ ...fresh, settingsOpen: true }, { type: "rejectOptional", now });
    expect(s.preferences).toEqual({ ...defaultPreferences, consentGiven: true, consentTimestamp: now, policyVersion: cookiePolicyVersion });
    expect(s.bannerVisible).toBe(false);
    expect(s.settingsOpen).toBe(false);
  });
  it("save stores the chosen toggles and closes the dialog", () => {
    const open = consentReducer(fresh, { type: "openSettings" });
    expect(open.settingsOpen).toBe(true);
    const s = consentReducer(open, {
      type: "save",
      choices: { analytics: true, marketing: false, personalization: true },
      now,
    });
    expect(s.preferences).toMatchObject({ technical: true, analytics: true, marketing: false, personalization: true, consentGiven: true });
    expect(s.settingsOpen).toBe(false);
    expect(s.bannerVisible).toBe(false);
  });
  it("closing the banner hides it for this visit without consent", () => {
    const s = consentReducer(fresh, { type: "closeBanner" });
    expect(s.bannerVisible).toBe(false);
    expect(s.preferences).toBe(fresh.preferences);
  });
  it("only saving events persist", () => {
    expect(persists({ type: "acceptAll", now })).toBe(true);
    expect(persists({ type: "rejectOptional", now })).toBe(true);
    expect(persists({ type: "save", choices: { analytics: false, marketing: false, personalization: false }, now })).toBe(true);
    expect(persists({ type: "closeBanner" })).toBe(false);
    expect(persists({ type: "openSettings" })).toBe(false);
  });
});

describe("consentRecordKey", () => {
  const given = consentReducer(fresh, { type: "acceptAll", now }).preferences;
  it.each([
    ["no choice yet", defaultPreferences, 7n, null, undefined],
    ["a guest", given, undefined, null, undefined],
    ["a new choice, signed in", given, 7n, null, `7|${now}`],
    ["the same choice, already recorded", given, 7n, `7|${now}`, undefined],
    ["the same choice, another account", given, 8n, `7|${now}`, `8|${now}`],
  ])("%s", (_, prefs, userId, recorded, want) => {
    expect(consentRecordKey(prefs, userId, recorded)).toBe(want);
  });
});
