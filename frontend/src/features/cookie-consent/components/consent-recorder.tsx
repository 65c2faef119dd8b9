import { defer, useDeferred } from "@/lib/deferred";

// The recorder needs the account descriptors, which come with the data
// layer beside the first paint, as the session query does.
const recorder = defer(() => import("@/features/cookie-consent/record-consent"));

/** ConsentRecorder stores a signed-in shopper's cookie choice server-side, once loaded. */
export function ConsentRecorder() {
  const loaded = useDeferred(recorder);
  return loaded ? <loaded.RecordConsent /> : null;
}
