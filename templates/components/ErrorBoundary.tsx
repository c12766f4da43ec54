import { Component, type ErrorInfo, type ReactNode } from 'react';

// Catches rendering errors so one broken page or component never blanks the whole site: the
// reader sees what broke and can try again; the navbar around it keeps working.

interface Props {
  children: ReactNode;
  /** Changing it (a new route) clears a previous crash. */
  resetKey?: string;
}

interface State {
  error: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('docsite: this page crashed while rendering.', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (this.state.error) return <CrashScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

/** The error's message followed by each of its causes, outermost first. */
export function errorChain(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && messages.length < 10) {
    seen.add(current);
    messages.push(current instanceof Error ? current.message || current.name : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return messages;
}

export function CrashScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const [message, ...causes] = errorChain(error);
  return (
    <div className="crash-screen container" role="alert">
      <h1>This page crashed.</h1>
      <p className="crash-message">{message}</p>
      {causes.length > 0 && (
        <ul className="crash-causes">
          {causes.map((cause, index) => (
            <li key={index}>
              <span className="crash-cause-label">Cause:</span> {cause}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
