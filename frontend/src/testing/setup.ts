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
configure({ asyncUtilTimeout: 10000 });
