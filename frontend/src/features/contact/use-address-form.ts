import { useState, type FormEvent } from "react";
import { Code } from "@connectrpc/connect";
import { errorCode } from "@/lib/connect-errors";

/** AddressFormState is where a form that sends one e-mail address stands. */
export type AddressFormState = "idle" | "sending" | "sent" | "busy" | "failed";

/**
 * useAddressForm runs a form that sends one e-mail address (the newsletter,
 * a back-in-stock alert): one sending at a time, the box emptied once sent,
 * a rate limit told apart from other failures so the form can say "try again
 * later" rather than "it failed".
 */
export function useAddressForm(send: (email: string) => Promise<void>) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<AddressFormState>("idle");

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || state === "sending") return;
    setState("sending");
    try {
      await send(email);
      setEmail("");
      setState("sent");
    } catch (err) {
      setState(errorCode(err) === Code.ResourceExhausted ? "busy" : "failed");
    }
  };

  // The status line's message key, once there is something to say.
  const outcome = state === "sent" || state === "busy" || state === "failed" ? state : undefined;
  return { email, setEmail, state, outcome, submit };
}
