// The boleto's PDF, as a provider serves it: one A4 page with the shop, the amount, the due date and
// the 'linha digitável'. Written by hand (PDF 1.4, one content stream, the standard Helvetica in
// WinAnsiEncoding): a slip of a few lines needs no PDF library, and none is installed.
import { formatBrl } from '../rules/brl.ts';
import { formatDigitableLine, type IssuedBoleto } from './boleto.ts';

/** Latin-1 text for a PDF string: characters outside it as '?', and ( ) \ escaped. */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

const dateBr = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export function renderBoletoPdf(input: { shopName: string; orderId: number; boleto: IssuedBoleto }): Buffer {
  const { boleto } = input;
  const lines: [size: number, text: string][] = [
    [18, 'Boleto bancário (sandbox)'],
    [12, `Beneficiário: ${input.shopName}`],
    [12, `Pedido nº ${input.orderId}`],
    [12, `Valor: ${formatBrl(boleto.amountCents)}`],
    [12, `Vencimento: ${dateBr(boleto.dueDate)}`],
    [12, 'Linha digitável:'],
    [11, formatDigitableLine(boleto.digitableLine)],
  ];
  let y = 780;
  const content = lines
    .map(([size, text]) => {
      const line = `BT /F1 ${size} Tf 56 ${y} Td (${pdfText(text)}) Tj ET`;
      y -= size + 14;
      return line;
    })
    .join('\n');
  const stream = Buffer.from(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${stream.length} >>\nstream\n${stream.toString('latin1')}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
