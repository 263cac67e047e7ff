import { expect, type Page, type Response, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFresh } from './support/fresh-session.ts';

/** Every product picture the page fetched: its file name (width included) and its answer's type. */
function pictureAnswers(page: Page) {
  const seen: { file: string; type: string | undefined; status: number }[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/sandbox/media/produto-')) return;
    seen.push({
      file: url.pathname.split('/').pop() ?? '',
      type: response.headers()['content-type'],
      status: response.status(),
    });
  });
  return seen;
}

/** The picture without its width: 'produto-1001-4db51212'. */
const pictureOf = (file: string) => file.replace(/-\d+w\.webp$/, '');

test.describe('product pictures', () => {
  test('the catalogue shows product shots, each fetched once and at one width', async ({ page }) => {
    const fetched = pictureAnswers(page);
    await openFresh(page, 'demo-shopper', '/catalog');
    const firstCard = page.locator('.product-grid article').first();
    const image = firstCard.getByRole('img', { name: 'Arroz Branco Tipo 1 Camil 5kg' });
    await expect(image).toHaveAttribute(
      'srcset',
      /-200w\.webp 200w, .*-400w\.webp 400w, .*-600w\.webp 600w, .*-900w\.webp 900w$/,
    );
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    // Decoded and drawn, at the width the phone's screen asks for (a 175 px column at 2.6×).
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : '')))
      .toMatch(/-600w\.webp$/);
    await expect(page.locator('.product-grid article').nth(8).getByRole('img')).toHaveAttribute(
      'loading',
      'lazy',
    );
    await expectNoAxeViolations(page);

    await expect.poll(() => fetched.length).toBeGreaterThanOrEqual(4);
    for (const answer of fetched) {
      expect(answer.status, answer.file).toBe(200);
      expect(answer.type, answer.file).toBe('image/webp');
    }
    // The first script's preload and the card agree: no picture is fetched twice or at two widths.
    const pictures = fetched.map((answer) => pictureOf(answer.file));
    expect(new Set(pictures).size).toBe(pictures.length);
  });

  test("the product page shows the chosen colour's picture, sharp on the phone's screen", async ({
    page,
  }) => {
    await openFresh(page, 'demo-shopper', '/product/11103');
    const gallery = page.locator('.product-page__media');
    // A whole combination (colour and size) picks the variant, and its picture comes first.
    await page
      .getByRole('group', { name: 'Cor' })
      .getByRole('button', { name: /^Branca/ })
      .click();
    await page.getByRole('group', { name: 'Tamanho' }).getByRole('button', { name: /^M/ }).click();
    const first = gallery
      .getByRole('img', { name: 'Camiseta Básica Algodão Hering - imagem 1 de 4' })
      .first();
    await expect(first).toHaveAttribute('src', /produto-11103-branca-[0-9a-f]{8}-600w\.webp$/);
    // About 360 px wide at 2.6×: the largest width.
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/-900w\.webp$/);
    // The thumbnails take the smallest width.
    await expect(gallery.locator('.image-gallery-thumbnail img').first()).toHaveAttribute(
      'src',
      /-200w\.webp$/,
    );
    await expectNoAxeViolations(page);
  });
});
