import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * The BR Code as a QR code, drawn here as SVG (no image host): dark modules as one path, each row's
 * runs merged, on a white ground with a quiet zone, so any bank app reads it in light or dark mode.
 */
export function PixQr({ brCode, label = 'QR Code do Pix' }: { brCode: string; label?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(brCode, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) => {
      let x = 0;
      while (x < row.length) {
        if (!row[x]) {
          x += 1;
          continue;
        }
        const start = x;
        while (x < row.length && row[x]) x += 1;
        d += `M${start} ${y}h${x - start}v1h${start - x}z`;
      }
    });
    return { size: qr.size, path: d };
  }, [brCode]);
  return (
    <svg
      className="pix-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      width="240"
      height="240"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
