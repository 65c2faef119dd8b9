import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom does not implement scrolling; the app scrolls to the top on navigation.
window.scrollTo = () => {};

// The first render of a route loads its code and texts lazily: allow for it.
// Beside the browser suite and the Go tests (CI runs them side by side on two
// cores) a back-office screen's first render took over 10 s.
configure({ asyncUtilTimeout: 20000 });
