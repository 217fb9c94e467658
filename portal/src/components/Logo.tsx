export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path
          d="M8 11.5 16 7l8 4.5v9L16 25l-8-4.5z"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path
          d="M8 11.5 16 16l8-4.5M16 16v9"
          fill="none"
          stroke="#7fb2ff"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo__word">Consign</span>
    </span>
  );
}
