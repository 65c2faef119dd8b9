import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useToast } from "@/components/ui/toaster";

/**
 * useLogout ends the server session (POST /auth/logout), forgets every cached
 * answer, says 'Sessão encerrada' and returns to the home page.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(async () => {
    try {
      await fetch("/auth/logout", { method: "POST", credentials: "same-origin" });
    } catch (err) {
      console.warn("logout request failed", err);
    }
    queryClient.clear();
    toast({ title: t("account.loggedOut") });
    void navigate("/");
  }, [queryClient, navigate, toast, t]);
}
