import { useEffect } from "react";
import { useLocation } from "react-router";
import { NotFound } from "@/components/ui/not-found";

/** NotFoundRoute is any unknown path; it logs the path asked for. */
export default function NotFoundRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return <NotFound />;
}
