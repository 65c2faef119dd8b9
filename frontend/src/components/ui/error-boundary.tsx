import { Component, type ReactNode } from "react";

/**
 * ErrorBoundary shows fallback(error) instead of a subtree that threw while
 * rendering, such as a page whose code failed to download.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback: (error: unknown) => ReactNode; resetKey?: string },
  { error: unknown; key?: string }
> {
  state: { error: unknown; key?: string } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { error: unknown; key?: string }) {
    // A navigation (new resetKey) clears the error so the next page can render.
    if (props.resetKey !== state.key) return { error: null, key: props.resetKey };
    return null;
  }

  componentDidCatch(error: unknown) {
    console.error("route error", error);
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
