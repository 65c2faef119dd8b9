import { useEffect } from "react";
import { Spinner } from "@/components/ui/spinner";

/**
 * GoToPage loads href as a new page, for a path outside this page's router
 * (the other language's pages, or the back office, which has no language in
 * its URL, from a Portuguese page): react-router's navigation stays under
 * its basename.
 */
export function GoToPage({ href }: { href: string }) {
  useEffect(() => {
    window.location.replace(href);
  }, [href]);
  return <Spinner className="mt-24" />;
}
