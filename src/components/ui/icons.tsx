/** Small inline icons: no icon font, no extra request. Decorative: callers give the accessible name. */
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

export function BackIcon({ size = 24 }: IconProps) {
  return (
    <svg aria-hidden="true" {...base(size)}>
      <path d="M15 18l-6-6 6-6" />
    </svg>
  );
}

export function CartIcon({ size = 24 }: IconProps) {
  return (
    <svg aria-hidden="true" {...base(size)}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2.5 3h3l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21.5 8H6.6" />
    </svg>
  );
}

export function InfoIcon({ size = 24 }: IconProps) {
  return (
    <svg aria-hidden="true" {...base(size)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" />
    </svg>
  );
}

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

export function TrashIcon({ size = 20 }: IconProps) {
  return (
    <svg aria-hidden="true" {...base(size)}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
