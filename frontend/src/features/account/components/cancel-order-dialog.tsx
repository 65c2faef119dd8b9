import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "@/components/ui/toaster";
import { useCancelMyOrder } from "@/features/account/api/account";
import { errorInfos } from "@/lib/connect-errors";

/**
 * CancelOrderDialog is the shopper's cancel button, shown while the server
 * says the order is cancellable; it asks for confirmation and an optional
 * reason, and says what happened.
 */
export function CancelOrderDialog({ orderId, paid }: { orderId: bigint; paid: boolean }) {
  const { t } = useTranslation("account", { keyPrefix: "order" });
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const cancel = useCancelMyOrder();
  const id = useId();
  const refusal = errorInfos(cancel.error)[0]?.reason;
  const toast = useToast();
  return (
    <Dialog.Root
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (o) cancel.reset();
        }}
      >
        <Dialog.Trigger className="btn btn-outline border-red-700 text-red-800">{t("cancel")}</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
          <Dialog.Content
            role="alertdialog"
            className="fixed left-1/2 top-1/2 z-[61] max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
          >
            <Dialog.Title className="text-xl font-semibold">{t("cancelTitle", { id: String(orderId) })}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-stone-700">
              {paid ? t("cancelTextPaid") : t("cancelText")}
            </Dialog.Description>
            <form
              className="mt-4"
              onSubmit={(e) => {
                e.preventDefault();
                cancel.mutate({ id: orderId, reason: reason.trim() }, {
                  onSuccess: () => {
                    setOpen(false);
                    toast({ title: t("cancelled") });
                  },
                });
              }}
            >
              <label htmlFor={id} className="block text-sm font-medium">
                {t("cancelReason")}
              </label>
              <textarea id={id} className="input mt-1 w-full" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
              {cancel.isError && (
                <p role="alert" className="mt-2 text-sm text-red-800">
                  {refusal ? t("cancelRefused") : t("cancelError")}
                </p>
              )}
              <div className="mt-4 flex flex-wrap justify-end gap-2">
                <Dialog.Close className="btn btn-outline">{t("keep")}</Dialog.Close>
                <button type="submit" className="btn bg-red-700 text-white" disabled={cancel.isPending}>
                  {t("cancelConfirm")}
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
    </Dialog.Root>
  );
}
