import './product-description.css';
import { useMemo } from 'react';
import { looksLikeHtml, sanitizeHtml } from './sanitize-html.ts';

export interface ProductDescriptionProps {
  /** The product's description: plain text or HTML (spec section 3). */
  html?: string | null;
}

/**
 * The product's description (spec section 2: "rendered as HTML when it is HTML"). HTML is sanitized
 * with DOMPurify first; plain text keeps its line breaks. Nothing is rendered for an empty text.
 */
export function ProductDescription({ html }: ProductDescriptionProps) {
  const text = html?.trim() ?? '';
  const isHtml = looksLikeHtml(text);
  const clean = useMemo(() => (isHtml ? sanitizeHtml(text) : ''), [isHtml, text]);

  if (!text || (isHtml && !clean.trim())) return null;
  if (!isHtml) return <div className="product-description product-description--text">{text}</div>;
  return (
    <div
      className="product-description"
      // Sanitized just above: no scripts, handlers, javascript: links, frames or styles.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized by DOMPurify.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
