/**
 * A Material glyph drawn inline from its path: @mui/icons-material is only a transitive
 * dependency of react-admin here, and one path is cheaper than adding the package. Sized like an
 * MUI icon, hidden from assistive technology (the menu item's label names it).
 */
export function MaterialIcon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      style={{ fontSize: '1.5rem', flexShrink: 0 }}
    >
      <path d={path} />
    </svg>
  );
}
