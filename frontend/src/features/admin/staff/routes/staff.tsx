import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useGrantStaffRole, useRevokeStaffRole } from "@/features/admin/staff/api/staff";
import { errorCode } from "@/lib/connect-errors";
import { Role } from "@gen/sabores/v1/types_pb";
import { Code } from "@connectrpc/connect";

/**
 * Staff is /admin/staff: the owner grants the till or admin role to a person
 * who has signed in once, or takes it back.
 */
export default function Staff() {
  const { t } = useTranslation("admin");
  const id = useId();
  const grant = useGrantStaffRole();
  const revoke = useRevokeStaffRole();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>(Role.TILL);
  const [done, setDone] = useState<string>();
  const failed = grant.error ?? revoke.error;

  const run = (action: "grant" | "revoke") => (e?: FormEvent) => {
    e?.preventDefault();
    const who = email.trim();
    if (!who) return;
    setDone(undefined);
    const onSuccess = () => {
      setDone(t(action === "grant" ? "staff.granted" : "staff.revoked", { email: who, role: t(role === Role.TILL ? "staff.till" : "staff.admin") }));
      setEmail("");
    };
    if (action === "grant") {
      revoke.reset();
      grant.mutate({ email: who, role }, { onSuccess });
    } else {
      grant.reset();
      revoke.mutate({ email: who }, { onSuccess });
    }
  };

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">{t("nav.staff")}</h1>
      <p className="text-stone-700">{t("staff.intro")}</p>
      <form onSubmit={run("grant")} className="card space-y-3 p-4">
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">
            {t("staff.email")}
          </label>
          <input id={`${id}-email`} type="email" required className="input w-full" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium">{t("staff.role")}</legend>
          {[Role.TILL, Role.ADMIN].map((r) => (
            <label key={r} className="flex items-center gap-2">
              <input type="radio" name={`${id}-role`} checked={role === r} onChange={() => setRole(r)} />
              {t(r === Role.TILL ? "staff.till" : "staff.admin")}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={grant.isPending || email.trim() === ""}>
            {t("staff.grant")}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => run("revoke")()} disabled={revoke.isPending || email.trim() === ""}>
            {t("staff.revoke")}
          </button>
        </div>
      </form>
      {done && (
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          {done}
        </p>
      )}
      {failed && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
          {t(errorCode(failed) === Code.NotFound ? "staff.unknown" : errorCode(failed) === Code.InvalidArgument ? "staff.invalid" : "staff.failed")}
        </p>
      )}
    </div>
  );
}
