// The cookie consent state machine, free of React and storage so every
// transition is testable. The provider persists what it returns.

/**
 * cookiePolicyVersion is the date of the cookie policy now in force. Every
 * choice records it, so the shop can show which text a shopper agreed to;
 * change it whenever the cookie policy changes.
 */
export const cookiePolicyVersion = "2026-11-24";

/** CookiePreferences is what is stored under `cookiePreferences`. */
export interface CookiePreferences {
  technical: true;
  analytics: boolean;
  marketing: boolean;
  personalization: boolean;
  consentGiven: boolean;
  /** consentTimestamp is the ISO time consent was saved. */
  consentTimestamp?: string;
  /** policyVersion is the cookie policy version the choice was made under. */
  policyVersion?: string;
}

/** OptionalCategory is a category the shopper may switch. */
export type OptionalCategory = "analytics" | "marketing" | "personalization";

/** ConsentState is the consent system's whole state. */
export interface ConsentState {
  preferences: CookiePreferences;
  bannerVisible: boolean;
  settingsOpen: boolean;
}

/** ConsentAction is every event the consent system reacts to. */
export type ConsentAction =
  | { type: "acceptAll"; now: string }
  | { type: "rejectOptional"; now: string }
  | { type: "save"; choices: Record<OptionalCategory, boolean>; now: string }
  | { type: "closeBanner" }
  | { type: "openSettings" }
  | { type: "closeSettings" };

/** defaultPreferences: technical only, no consent given. */
export const defaultPreferences: CookiePreferences = {
  technical: true,
  analytics: false,
  marketing: false,
  personalization: false,
  consentGiven: false,
};

function given(choices: Record<OptionalCategory, boolean>, now: string): CookiePreferences {
  return { technical: true, ...choices, consentGiven: true, consentTimestamp: now, policyVersion: cookiePolicyVersion };
}

/**
 * parsePreferences validates stored preferences; anything malformed is
 * logged and ignored so the defaults stay.
 */
export function parsePreferences(value: unknown): CookiePreferences {
  if (value === undefined || value === null) return defaultPreferences;
  const o = value as Record<string, unknown>;
  const ok =
    typeof value === "object" &&
    typeof o.analytics === "boolean" &&
    typeof o.marketing === "boolean" &&
    typeof o.personalization === "boolean" &&
    typeof o.consentGiven === "boolean";
  if (!ok) {
    console.error("cookie consent: invalid stored preferences ignored", value);
    return defaultPreferences;
  }
  return {
    technical: true,
    analytics: o.analytics as boolean,
    marketing: o.marketing as boolean,
    personalization: o.personalization as boolean,
    consentGiven: o.consentGiven as boolean,
    consentTimestamp: typeof o.consentTimestamp === "string" ? o.consentTimestamp : undefined,
    policyVersion: typeof o.policyVersion === "string" ? o.policyVersion : undefined,
  };
}

/** initialConsent builds the state from what storage holds. */
export function initialConsent(stored: unknown, bannerShown: string | null): ConsentState {
  return { preferences: parsePreferences(stored), bannerVisible: bannerShown !== "true", settingsOpen: false };
}

/** consentReducer applies one event. Saving hides the banner for good. */
export function consentReducer(state: ConsentState, action: ConsentAction): ConsentState {
  switch (action.type) {
    case "acceptAll":
      return {
        preferences: given({ analytics: true, marketing: true, personalization: true }, action.now),
        bannerVisible: false,
        settingsOpen: false,
      };
    case "rejectOptional":
      return {
        preferences: given({ analytics: false, marketing: false, personalization: false }, action.now),
        bannerVisible: false,
        settingsOpen: false,
      };
    case "save":
      return { preferences: given(action.choices, action.now), bannerVisible: false, settingsOpen: false };
    case "closeBanner":
      return { ...state, bannerVisible: false };
    case "openSettings":
      return { ...state, settingsOpen: true };
    case "closeSettings":
      return { ...state, settingsOpen: false };
  }
}

/** persists says whether an event saves preferences (and the shown flag). */
export function persists(action: ConsentAction): boolean {
  return action.type === "acceptAll" || action.type === "rejectOptional" || action.type === "save";
}

/**
 * consentRecordKey says whether the shop must record the stored choice for
 * the signed-in user: it returns the key the recorded choice is remembered
 * by (user and time of the choice), or undefined when there is no choice,
 * no user, or the server already has this one.
 */
export function consentRecordKey(
  prefs: CookiePreferences,
  userId: bigint | undefined,
  recorded: string | null,
): string | undefined {
  if (userId === undefined || !prefs.consentGiven || !prefs.consentTimestamp) return undefined;
  const key = `${userId}|${prefs.consentTimestamp}`;
  return key === recorded ? undefined : key;
}
