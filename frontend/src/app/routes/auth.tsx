import { Navigate, useHref, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ErrorBox } from "@/components/ui/error-box";
import { GoToPage } from "@/components/ui/go-to-page";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { accountHome, useSession } from "@/hooks/use-session";

/**
 * safeTarget turns the redirect parameter into a same-site path ("checkout"
 * → "/checkout"); anything that could leave the site becomes "/". A target
 * that is this page again (a failed sign-in comes back with its own
 * redirect) is unwrapped to the page the shopper wanted.
 */
export function safeTarget(redirect: string | null, depth = 0): string {
  if (!redirect || depth > 3) return "/";
  const path = redirect.startsWith("/") ? redirect : `/${redirect}`;
  if (path.startsWith("//") || path.includes("\\")) return "/";
  if (path === "/auth" || path.startsWith("/auth?") || path.startsWith("/auth/")) {
    return safeTarget(new URL(path, "http://localhost").searchParams.get("redirect"), depth + 1);
  }
  return path;
}

/**
 * AuthRoute is /auth: Google sign-in through the server. The server returns
 * here after signing in, and the page then sends an admin to /admin and a
 * client to the redirect target.
 */
export default function AuthRoute() {
  const { t } = useTranslation("account");
  const [sp] = useSearchParams();
  const { viewer, resolved } = useSession();
  const target = safeTarget(sp.get("redirect"));
  const error = sp.get("error");
  // The server sends the browser back to this page in its language.
  const self = useHref("/auth");

  if (!resolved) return <Spinner className="mt-16" />;
  // The back office has no language in its URLs: from a Portuguese sign-in
  // page, staff leave the /pt router for /admin, which keeps the language.
  if (viewer === "admin" || viewer === "till") {
    return self === "/auth" ? <Navigate to={accountHome(viewer)} replace /> : <GoToPage href={accountHome(viewer)} />;
  }
  if (viewer === "client") return <Navigate to={target} replace />;

  // Come back to this page after the provider, so the role decides the destination.
  const back = `${self}?redirect=${encodeURIComponent(target)}`;
  const loginHref = `/auth/login?redirect=${encodeURIComponent(back)}`;
  return (
    <div className="container-page flex justify-center py-12">
      <Seo title={t("auth.metaTitle")} />
      <section className="card w-full max-w-md p-6 text-center" aria-labelledby="auth-title">
        <h1 id="auth-title" className="text-2xl font-bold">
          {t("auth.title")}
        </h1>
        <p className="mt-2 text-stone-700">{t("auth.text")}</p>
        {error && (
          <ErrorBox className="mt-4 text-left">
            <p className="font-semibold">{t("auth.googleError")}</p>
            <p className="text-sm">{t("auth.errorCode", { code: error })}</p>
          </ErrorBox>
        )}
        <a href={loginHref} className="btn btn-outline mt-6 w-full py-3 text-base">
          <span aria-hidden="true" className="font-bold text-blue-600">
            G
          </span>
          {t("auth.google")}
        </a>
      </section>
    </div>
  );
}
