// 'Pagamento seguro' with a lock beside the card form's button (issue 25): the cue shoppers look for
// before typing a card. The icon lives here, not in components/ui/icons.tsx, so the landing route's
// shared chunk does not carry it.

export function SecurePaymentNote() {
  return (
    <p className="card-form__secure">
      <svg
        aria-hidden="true"
        focusable="false"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="4" y="11" width="16" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
      Pagamento seguro
    </p>
  );
}
