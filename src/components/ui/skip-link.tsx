import type { MouseEvent, ReactNode } from 'react';

type Props = { targetId: string; className?: string; children: ReactNode };

/**
 * A link for keyboard users past what they would otherwise tab through, shown only while focused.
 * It moves the focus itself instead of following the '#id': the address's hash is the chat session's
 * code (session/follow-new-links.ts reloads the page when it changes). The target needs tabIndex={-1}
 * and the class 'skip-target' (app/styles.css).
 */
export function SkipLink({ targetId, className, children }: Props) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    // Focusing scrolls the target into view (its scroll-margin keeps it clear of the top bar).
    document.getElementById(targetId)?.focus();
  }
  return (
    <a href={`#${targetId}`} className={`skip-link${className ? ` ${className}` : ''}`} onClick={skip}>
      {children}
    </a>
  );
}
