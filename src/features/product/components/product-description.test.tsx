import { render, screen } from '@testing-library/react';
import { axeViolations } from '@tests/axe.ts';
import { describe, expect, it } from 'vitest';
import { ProductDescription } from './product-description.tsx';
import { looksLikeHtml, sanitizeHtml } from './sanitize-html.ts';

describe('the product description', () => {
  it('renders HTML as HTML', () => {
    const { container } = render(
      <ProductDescription html="<p>Café <strong>especial</strong></p><ul><li>250 g</li></ul>" />,
    );
    expect(container.querySelector('strong')).toHaveTextContent('especial');
    expect(screen.getByRole('listitem')).toHaveTextContent('250 g');
  });

  it('removes a <script>', () => {
    const { container } = render(
      <ProductDescription html={'<p>Bom</p><script>window.hacked = true</script>'} />,
    );
    expect(container.querySelector('script')).not.toBeInTheDocument();
    expect(container.innerHTML).not.toContain('hacked');
    expect(screen.getByText('Bom')).toBeInTheDocument();
  });

  it('removes an onerror handler (and every other on* attribute)', () => {
    const { container } = render(
      <ProductDescription
        html={'<img src="x.png" onerror="alert(1)" alt="Foto"><p onclick="alert(2)">Texto</p>'}
      />,
    );
    const image = container.querySelector('img');
    expect(image).toBeInTheDocument();
    expect(image).not.toHaveAttribute('onerror');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Texto')).not.toHaveAttribute('onclick');
    expect(container.innerHTML).not.toMatch(/alert|onerror|onclick/);
  });

  it('removes a javascript: href, keeping the link text', () => {
    const { container } = render(
      <ProductDescription
        html={'<a href="javascript:alert(1)">clique</a> <a href="JaVaScRiPt&colon;alert(1)">dois</a>'}
      />,
    );
    for (const link of container.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    }
    expect(container.innerHTML).not.toMatch(/javascript/i);
    expect(screen.getByText('clique')).toBeInTheDocument();
  });

  it('removes iframes, styles, forms and style attributes', () => {
    const clean = sanitizeHtml(
      '<iframe src="https://evil.test"></iframe><style>body{display:none}</style><form><input></form><p style="color:red">ok</p><a href="data:text/html,x">d</a>',
    );
    expect(clean).not.toMatch(/iframe|<style|<form|<input|style=|data:/);
    expect(clean).toContain('<p>ok</p>');
  });

  it('keeps safe links with rel="noopener noreferrer", and a target only when it is _blank', () => {
    const { container } = render(
      <ProductDescription
        html={
          '<a href="https://loja.test/a" target="_blank">a</a><a href="https://loja.test/b" target="other">b</a>'
        }
      />,
    );
    const [first, second] = container.querySelectorAll('a');
    expect(first).toHaveAttribute('href', 'https://loja.test/a');
    expect(first).toHaveAttribute('target', '_blank');
    expect(first).toHaveAttribute('rel', 'noopener noreferrer');
    expect(second).not.toHaveAttribute('target');
    expect(second).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows plain text as text, keeping its line breaks, and never as markup', () => {
    const { container } = render(<ProductDescription html={'Linha 1\nLinha 2 & mais, peso < 1 kg'} />);
    const block = container.firstElementChild;
    expect(block).toHaveClass('product-description--text');
    expect(block?.textContent).toBe('Linha 1\nLinha 2 & mais, peso < 1 kg');
  });

  it('renders nothing for an empty description, or HTML that sanitizes to nothing', () => {
    expect(render(<ProductDescription html="  " />).container).toBeEmptyDOMElement();
    expect(render(<ProductDescription />).container).toBeEmptyDOMElement();
    expect(render(<ProductDescription html="<script>alert(1)</script>" />).container).toBeEmptyDOMElement();
  });

  it('tells HTML from plain text', () => {
    expect(looksLikeHtml('<p>a</p>')).toBe(true);
    expect(looksLikeHtml('a<br/>b')).toBe(true);
    expect(looksLikeHtml('Caf&eacute;')).toBe(true);
    expect(looksLikeHtml('peso < 1 kg e > 500 g')).toBe(false);
    expect(looksLikeHtml('Sal & pimenta')).toBe(false);
  });

  it('is accessible', async () => {
    const { container } = render(
      <ProductDescription html={'<h3>Sobre</h3><p>Texto <a href="/x">link</a></p>'} />,
    );
    expect(await axeViolations(container)).toEqual([]);
  });
});
