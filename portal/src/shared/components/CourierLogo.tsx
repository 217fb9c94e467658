/** A courier's logo, or a van drawn in its place; decorative, the name is always beside it. */
export function CourierLogo({ url, size = 56 }: { url: string | null; size?: number }) {
  if (url) {
    return <img className="courier-logo" src={url} alt="" width={size} height={size} loading="lazy" />;
  }
  return (
    <span
      className="courier-logo courier-logo--fallback"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" width={size / 2} height={size / 2} focusable="false">
        <path
          d="M3 7h11v9H3zM14 10h4l3 3v3h-7z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <circle cx="7" cy="17.5" r="1.8" fill="currentColor" />
        <circle cx="17" cy="17.5" r="1.8" fill="currentColor" />
      </svg>
    </span>
  );
}
