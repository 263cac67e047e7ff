// Inline icons of the search bar and the filters. Decorative: the buttons carry the names.
type IconProps = { size?: number };

const base = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  focusable: false,
});

export function SearchIcon({ size = 22 }: IconProps) {
  return (
    <svg aria-hidden="true" {...base(size)}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

export function FilterIcon({ size = 22 }: IconProps) {
  return (
    <svg aria-hidden="true" {...base(size)}>
      <path d="M4 5h16l-6 7.5V19l-4 1.5v-8L4 5z" />
    </svg>
  );
}
