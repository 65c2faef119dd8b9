import { screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { AccountService, type RecordCookieConsentRequest } from "@gen/sabores/v1/account_service_pb";
import { cookiePolicyVersion } from "@/features/cookie-consent/consent-state";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

afterEach(() => localStorage.clear());

it("records a choice made as a guest once the shopper is signed in", async () => {
  localStorage.setItem(
    "cookiePreferences",
    JSON.stringify({ analytics: true, marketing: false, personalization: false, consentGiven: true, consentTimestamp: "2026-11-20T10:00:00.000Z", policyVersion: "2026-11-01" }),
  );
  localStorage.setItem("cookieBannerShown", "true");
  const recorded: RecordCookieConsentRequest[] = [];
  renderApp("/", (router) => {
    router.service(AccountService, {
      getSession: () => signedIn(),
      recordCookieConsent: (req) => {
        recorded.push(req);
        return {};
      },
    });
  });
  await waitFor(() => expect(recorded).toHaveLength(1));
  expect(recorded[0]).toMatchObject({ analytics: true, marketing: false, policyVersion: "2026-11-01" });
  expect(recorded[0].consentTime?.seconds).toBe(BigInt(Date.parse("2026-11-20T10:00:00.000Z") / 1000));
  expect(localStorage.getItem("cookieConsentRecorded")).toBe("7|2026-11-20T10:00:00.000Z");
});

it("records a choice saved while signed in, under the current policy", async () => {
  const recorded: RecordCookieConsentRequest[] = [];
  const { user } = renderApp("/", (router) => {
    router.service(AccountService, {
      getSession: () => signedIn(),
      recordCookieConsent: (req) => {
        recorded.push(req);
        return {};
      },
    });
  });
  await user.click(await screen.findByRole("button", { name: "Rechazar opcionales" }));
  await waitFor(() => expect(recorded).toHaveLength(1));
  expect(recorded[0]).toMatchObject({ analytics: false, marketing: false, personalization: false, policyVersion: cookiePolicyVersion });
});

it("records nothing for a guest", async () => {
  const record = vi.fn(() => ({}));
  const { user } = renderApp("/", (router) => {
    router.service(AccountService, { getSession: () => ({ signedIn: false }), recordCookieConsent: record });
  });
  await user.click(await screen.findByRole("button", { name: "Aceptar todas" }));
  expect(await screen.findByRole("link", { name: "Entrar" })).toBeInTheDocument();
  expect(record).not.toHaveBeenCalled();
});
