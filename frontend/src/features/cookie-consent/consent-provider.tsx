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

function init(): ConsentState {
  return initialConsent(readJSON(localStorage, "cookiePreferences"), readString(localStorage, "cookieBannerShown"));
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
