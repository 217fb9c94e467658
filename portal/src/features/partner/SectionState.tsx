/** A section whose data could not be loaded: why, and a way to try again. */
export function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="alert alert--error partner-error" role="alert">
      <span>{message}</span>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
