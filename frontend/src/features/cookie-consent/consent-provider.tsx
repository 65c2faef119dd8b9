import { createContext, use, useCallback, useMemo, useReducer, useRef, type ReactNode } from "react";
import {
  consentReducer,
  initialConsent,
  persists,
  type ConsentAction,
  type ConsentState,
  type OptionalCategory,
} from "@/features/cookie-consent/consent-state";
import { readJSON, readString, writeJSON, writeString } from "@/lib/storage";

interface ConsentContextValue extends ConsentState {
  acceptAll: () => void;
  rejectOptional: () => void;
  save: (choices: Record<OptionalCategory, boolean>) => void;
  closeBanner: () => void;
  openSettings: () => void;
  closeSettings: () => void;
  /** returnFocus puts focus back where it was when the settings opened. */
  returnFocus: () => void;
}

const ConsentContext = createContext<ConsentContextValue | null>(null);

/**
 * consentCookie tells shopd that the shopper chose (what is in local storage),
 * so the pages it renders leave the banner out. It records the choice only:
 * a technical cookie, exempt from consent.
 */
export const consentCookie = "consent_chosen";

function rememberChoice() {
  try {
    if (!document.cookie.split("; ").includes(`${consentCookie}=1`)) {
      document.cookie = `${consentCookie}=1; Path=/; Max-Age=31536000; SameSite=Lax`;
    }
  } catch {
    // No cookies (a sandbox): pages keep the banner until the app hydrates them.
  }
}

function init(): ConsentState {
  const state = initialConsent(readJSON(localStorage, "cookiePreferences"), readString(localStorage, "cookieBannerShown"));
  // A choice stored before the cookie existed gets it now.
  if (!state.bannerVisible && typeof document !== "undefined") rememberChoice();
  return state;
}

/** ConsentProvider runs the cookie consent state machine and stores its outcome. */
export function ConsentProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(consentReducer, undefined, init);
  const opener = useRef<HTMLElement | null>(null);

  const run = useCallback(
    (action: ConsentAction) => {
      if (persists(action)) {
        const next = consentReducer(state, action);
        writeJSON(localStorage, "cookiePreferences", next.preferences);
        writeString(localStorage, "cookieBannerShown", "true");
        rememberChoice();
      }
      dispatch(action);
    },
    [state],
  );

  const value = useMemo<ConsentContextValue>(
    () => ({
      ...state,
      acceptAll: () => run({ type: "acceptAll", now: new Date().toISOString() }),
      rejectOptional: () => run({ type: "rejectOptional", now: new Date().toISOString() }),
      save: (choices) => run({ type: "save", choices, now: new Date().toISOString() }),
      closeBanner: () => run({ type: "closeBanner" }),
      openSettings: () => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        run({ type: "openSettings" });
      },
      closeSettings: () => run({ type: "closeSettings" }),
      returnFocus: () => {
        // The banner's buttons vanish once a choice is saved: fall back to the page.
        const target = opener.current?.isConnected ? opener.current : document.getElementById("main");
        target?.focus();
      },
    }),
    [state, run],
  );
  return <ConsentContext value={value}>{children}</ConsentContext>;
}

/** useConsent reads the consent state; it throws outside ConsentProvider. */
export function useConsent(): ConsentContextValue {
  const ctx = use(ConsentContext);
  if (!ctx) throw new Error("useConsent must be used inside ConsentProvider");
  return ctx;
}
