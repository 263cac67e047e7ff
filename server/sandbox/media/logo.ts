// The shop's wordmark, 120 × 30 like the top bar's logo box (spec: logo at most 30 × 120 px).
// Drawn for the top bar, which is painted in the shop's primary colour: light marks on a dark bar.
import { SHOP_COLORS, SHOP_NAME } from '../seed/shop.ts';
import { escapeXml, FONT_STACK } from './svg.ts';

export function renderLogo(): string {
  const { primary, secondary } = SHOP_COLORS;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 30" width="120" height="30" role="img" aria-label="${escapeXml(SHOP_NAME)}">
<title>${escapeXml(SHOP_NAME)}</title>
<circle cx="15" cy="15" r="14" fill="#ffffff"/>
<path d="M8.5 12.5h13l-1.4 9.2a1.6 1.6 0 0 1-1.6 1.3h-7a1.6 1.6 0 0 1-1.6-1.3z" fill="${primary}"/>
<path d="M11.5 12.5c0-3 1.6-5 3.5-5s3.5 2 3.5 5" fill="none" stroke="${primary}" stroke-width="1.6" stroke-linecap="round"/>
<path d="M15 7.6c1.2-2.3 3.4-3.1 5.6-2.8-.5 2.3-2.6 3.6-5.6 2.8z" fill="${secondary}"/>
<text x="34" y="14" fill="#ffffff" font-family="${FONT_STACK}" font-size="12.5" font-weight="800">Empório</text>
<text x="34" y="25.5" fill="${secondary}" font-family="${FONT_STACK}" font-size="8.6" font-weight="700" letter-spacing="1.1">BOM PREÇO</text>
</svg>
`;
}
