import type { ReactNode } from "react";

/** ErrorBox is the red box that reports a failure. */
export function ErrorBox({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div role="alert" className={`rounded-lg border border-red-300 bg-red-50 p-4 text-red-800 ${className}`}>
      {children}
    </div>
  );
}
