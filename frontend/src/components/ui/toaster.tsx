import { createContext, use, useCallback, useEffect, useState, type ReactNode } from "react";

// A small toaster of our own: notifications are announced through live
// regions (polite for information, assertive for failures), close by
// themselves after 5 s, and can be dismissed. It keeps a dialog library out
// of the home page's first download.

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

const durationMs = 5000;
let nextId = 1;

function ToastItem({
  toast,
  closeLabel,
  onDismiss,
}: {
  toast: ToastEntry;
  closeLabel: string;
  onDismiss: (id: number) => void;
}) {
  const [paused, setPaused] = useState(false);
  const { id } = toast;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(id), durationMs);
    return () => clearTimeout(timer);
  }, [paused, id, onDismiss]);
  const destructive = toast.variant === "destructive";
  return (
    <li
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`pointer-events-auto relative rounded-lg border p-4 pr-10 shadow-lg ${
        destructive ? "border-red-800 bg-red-700 text-white" : "border-stone-200 bg-white text-stone-900"
      }`}
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
      <button type="button" aria-label={closeLabel} onClick={() => onDismiss(id)} className="absolute right-2 top-2 rounded px-2 text-lg leading-none">
        ×
      </button>
    </li>
  );
}

/** Toaster provides useToast and renders the notifications. */
export function Toaster({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const show = useCallback((t: ToastInput) => {
    setToasts((prev) => [...prev.slice(-2), { ...t, id: nextId++ }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((prev) => prev.filter((t) => t.id !== id)), []);

  const region = (variant: "polite" | "assertive") => (
    // The live region wraps the list: a role on the <ol> itself would hide
    // its list semantics and leave the <li> items without a list parent.
    <div aria-live={variant} role={variant === "assertive" ? "alert" : "status"}>
      <ol className="pointer-events-none flex flex-col gap-2">
        {toasts
        .filter((t) => (t.variant === "destructive") === (variant === "assertive"))
        .map((t) => (
          <ToastItem key={t.id} toast={t} closeLabel={closeLabel} onDismiss={dismiss} />
          ))}
      </ol>
    </div>
  );

  return (
    <ToastContext value={show}>
      {children}
      <div className="fixed bottom-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
        {region("assertive")}
        {region("polite")}
      </div>
    </ToastContext>
  );
}

/** useToast returns the function that shows a toast; it throws outside Toaster. */
export function useToast() {
  const ctx = use(ToastContext);
  if (!ctx) throw new Error("useToast must be used inside Toaster");
  return ctx;
}
