import { Component, type ReactNode } from 'react';

interface Props { fallback: (e: Error) => ReactNode; children: ReactNode; resetKey?: unknown }
interface State { error: Error | null; key: unknown }

/** Keeps a crashing board from taking the whole page down; resets when resetKey changes. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: undefined };
  static getDerivedStateFromError(error: Error): Partial<State> { return { error }; }
  static getDerivedStateFromProps(p: Props, s: State): Partial<State> | null {
    return p.resetKey !== s.key ? { key: p.resetKey, error: null } : null;
  }
  override render() { return this.state.error ? this.props.fallback(this.state.error) : this.props.children; }
}
