/** The × button that closes a dialog, drawer or popover; its name is "Close". */
export function CloseButton({
  onClick,
  className,
  size = 20,
}: {
  onClick: () => void;
  className?: string;
  size?: number;
}) {
  return (
    <button
      type="button"
      className={`icon-button${className ? ` ${className}` : ''}`}
      aria-label="Close"
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
