export function RemovableList<T>({
  label,
  items,
  render,
  onRemove,
}: {
  label: string;
  items: T[];
  render: (item: T) => string;
  onRemove: (index: number) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="onboarding__list" aria-label={label}>
      {items.map((item, index) => {
        const text = render(item);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries may repeat (two identical vans); position is their identity.
          <li key={index}>
            <span>{text}</span>
            <button
              type="button"
              className="link-button"
              onClick={() => onRemove(index)}
              aria-label={`Remove ${text}`}
            >
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}
