import { Code } from "@connectrpc/connect";
import { createConnectQueryKey } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useToast } from "@/components/ui/toaster";
import { errorCode } from "@/lib/connect-errors";
import { AccountService } from "@gen/sabores/v1/account_service_pb";

/** SaveKind names what failed to save, for the spec's texts. */
export type SaveKind = "channel" | "product" | "visibility" | "country" | "signIn" | "apiKey" | "shopSettings" | "shipping" | "webhook";

/**
 * useSaveFailure reports a failed save. Without a session it shows 'Sessão
 * necessária' and sends the admin to /auth (back here afterwards); otherwise
 * the screen's error toast.
 */
export function useSaveFailure() {
  const { t } = useTranslation("admin");
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return useCallback(
    (kind: SaveKind, error: unknown) => {
      if (errorCode(error) === Code.Unauthenticated) {
        toast({ variant: "destructive", title: t("session.title"), description: t(`session.${kind}`) });
        void navigate(`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`);
        // The session the app remembers is over: ask again, so /auth offers
        // to sign in instead of sending a remembered admin back here.
        void queryClient.invalidateQueries({
          queryKey: createConnectQueryKey({ schema: AccountService.method.getSession, cardinality: undefined }),
        });
        return;
      }
      console.warn(`admin: saving ${kind} failed`, error);
      toast({ variant: "destructive", title: t("toast.errorTitle"), description: t(`toast.${kind}Error`) });
    },
    [t, toast, navigate, location.pathname, location.search, queryClient],
  );
}
