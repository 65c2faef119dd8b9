import * as Dialog from "@radix-ui/react-dialog";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useToast } from "@/components/ui/toaster";
import { useDeleteMyAccount } from "@/features/account/api/data-rights";

/**
 * DeleteAccountDialog deletes the account once the shopper types the word
 * it shows (ELIMINAR / EXCLUIR): a click alone never deletes. Then the
 * browser's session cookie is cleared, every cached answer forgotten, and
 * the shopper sent home as a guest.
 */
export function DeleteAccountDialog() {
  const { t } = useTranslation("account");
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const word = t("myData.deleteWord");
  const del = useDeleteMyAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const confirmed = typed.trim().toLocaleUpperCase() === word;

  const remove = () =>
    del.mutate(
      { confirm: true },
      {
        onSuccess: async () => {
          try {
            await fetch("/auth/logout", { method: "POST", credentials: "same-origin" });
          } catch (err) {
            console.warn("logout after deletion failed", err);
          }
          queryClient.clear();
          toast({ title: t("myData.deleted") });
          void navigate("/");
        },
      },
    );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setTyped("");
        del.reset();
      }}
    >
      <Dialog.Trigger className="btn btn-outline border-red-700 text-red-800">{t("myData.delete")}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[61] max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-semibold">{t("myData.deleteTitle")}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-stone-700">{t("myData.deleteText")}</Dialog.Description>
          <form
            className="mt-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (confirmed && !del.isPending) remove();
            }}
          >
            <label htmlFor={inputId} className="block text-sm font-medium">
              {t("myData.deleteType", { word })}
            </label>
            <input
              id={inputId}
              className="input mt-1 w-full"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            {del.isError && (
              <p role="alert" className="mt-2 text-sm text-red-800">
                {t("myData.deleteError")}
              </p>
            )}
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <Dialog.Close className="btn btn-outline">{t("myData.cancel")}</Dialog.Close>
              <button type="submit" className="btn bg-red-700 text-white" disabled={!confirmed || del.isPending}>
                {t("myData.deleteConfirm")}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
