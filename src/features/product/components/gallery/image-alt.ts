/**
 * The alt text of the image at `index` (0-based): the product's name, followed by the image's
 * position when there are several ('Café - imagem 2 de 3').
 */
export function imageAlt(alt: string, index: number, total: number): string {
  return total > 1 ? `${alt} - imagem ${index + 1} de ${total}` : alt;
}
