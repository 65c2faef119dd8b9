import * as Toast from "@radix-ui/react-toast";
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from "react";

/** ToastInput is what a caller shows. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

interface ToastEntry extends ToastInput {
  id: number;
}

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

let nextId = 1;

/** Toaster renders notifications in an accessible live region (Radix Toast). */
export function Toaster({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const show = useCallback((t: ToastInput) => {
    setToasts((prev) => [...prev.slice(-2), { ...t, id: nextId++ }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((prev) => prev.filter((t) => t.id !== id)), []);
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext value={value}>
      <Toast.Provider duration={5000}>
        {children}
        {toasts.map((t) => (
          <Toast.Root
            key={t.id}
            type={t.variant === "destructive" ? "foreground" : "background"}
            onOpenChange={(open) => !open && dismiss(t.id)}
            className={`rounded-lg border p-4 pr-10 shadow-lg relative ${
              t.variant === "destructive"
                ? "border-red-700 bg-red-700 text-white"
                : "border-stone-200 bg-white text-stone-900"
            }`}
          >
            <Toast.Title className="font-semibold">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="mt-1 text-sm">{t.description}</Toast.Description>}
            <Toast.Close aria-label={closeLabel} className="absolute right-2 top-2 rounded px-2 text-lg leading-none">
              ×
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="fixed bottom-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none" />
      </Toast.Provider>
    </ToastContext>
  );
}

/** useToast returns the function that shows a toast; it throws outside Toaster. */
export function useToast() {
  const ctx = use(ToastContext);
  if (!ctx) throw new Error("useToast must be used inside Toaster");
  return ctx;
}
