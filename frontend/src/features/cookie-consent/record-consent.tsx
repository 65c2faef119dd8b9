import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { useMutation } from "@connectrpc/connect-query";
import { useEffect, useRef } from "react";
import { useConsent } from "@/features/cookie-consent/consent-provider";
import { consentRecordKey, cookiePolicyVersion } from "@/features/cookie-consent/consent-state";
import { useSession } from "@/hooks/use-session";
import { readString, writeString } from "@/lib/storage";
import { AccountService } from "@gen/sabores/v1/account_service_pb";

/** recordedKey remembers the last choice the server stored, per browser. */
const recordedKey = "cookieConsentRecorded";

/**
 * RecordConsent sends the shopper's cookie choice to the shop whenever a
 * signed-in shopper has one the server has not stored: a choice saved while
 * signed in, or one made as a guest, at sign-in. A failure is logged and
 * tried again on the next page load.
 */
export function RecordConsent() {
  const { user } = useSession();
  const { preferences } = useConsent();
  const { mutate } = useMutation(AccountService.method.recordCookieConsent);
  const sending = useRef<string | undefined>(undefined);
  useEffect(() => {
    const key = consentRecordKey(preferences, user?.id, readString(localStorage, recordedKey));
    if (!key || key === sending.current || !preferences.consentTimestamp) return;
    sending.current = key;
    mutate(
      {
        analytics: preferences.analytics,
        marketing: preferences.marketing,
        personalization: preferences.personalization,
        policyVersion: preferences.policyVersion ?? cookiePolicyVersion,
        consentTime: timestampFromDate(new Date(preferences.consentTimestamp)),
      },
      {
        onSuccess: () => writeString(localStorage, recordedKey, key),
        onError: (err) => {
          console.warn("cookie consent: cannot record the choice", err);
          sending.current = undefined;
        },
      },
    );
  }, [preferences, user?.id, mutate]);
  return null;
}
