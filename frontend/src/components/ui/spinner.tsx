/** Spinner is a quiet loading indicator; pass a label to announce it. */
export function Spinner({ label, className = "" }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-8 text-stone-600 ${className}`}>
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-2 border-stone-300 border-t-brand-700"
      />
      {label ? <span>{label}</span> : <span className="sr-only">…</span>}
    </div>
  );
}
