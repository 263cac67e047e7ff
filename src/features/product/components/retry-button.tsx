/**
 * 'Tentar novamente' after a read failed. It stays focusable while the new try runs (aria-disabled,
 * not disabled), so the focus is not lost to the page.
 */
export function RetryButton({ retrying, onRetry }: { retrying: boolean; onRetry(): void }) {
  return (
    <button
      type="button"
      className="button"
      aria-disabled={retrying || undefined}
      aria-busy={retrying || undefined}
      onClick={() => {
        if (!retrying) onRetry();
      }}
    >
      Tentar novamente
    </button>
  );
}
