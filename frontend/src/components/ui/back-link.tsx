import { Link } from "react-router";
import { ArrowLeftIcon } from "@/components/ui/icons";

/** BackLink is the 'back' button at the top of a page. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="btn btn-ghost -ml-2 mb-4">
      <ArrowLeftIcon size={16} /> {children}
    </Link>
  );
}
