import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * AdminDialog is a modal dialog (Radix: focus trapped, returned on close,
 * Escape closes) with the back office's frame.
 */
export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  role,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  role?: "alertdialog";
}) {
  const { t } = useTranslation("admin");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          role={role ?? "dialog"}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="pr-8 text-lg font-bold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-stone-700">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
          <Dialog.Close aria-label={t("close")} className="absolute right-3 top-3 rounded px-2 text-xl leading-none">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
