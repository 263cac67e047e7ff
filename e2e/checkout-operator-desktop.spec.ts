import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectInView, openCheckout, pickUpAt, section } from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';

// The operator's checkout on a desktop (issue 25): the sections on the left, and on the right a sticky
// panel with the summary, the finish and the operator's sends, in view however far the sections scroll.

const DESKTOP = { width: 1366, height: 800 };
test.use({ viewport: DESKTOP, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const panel = (page: Page) => page.getByRole('complementary', { name: 'Resumo e ações' });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/checkout-operador-${name}-1366x800.png` });

test.describe("The operator's checkout on a desktop", () => {
  test('the summary and the actions stay beside the sections while the operator finishes', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, 'demo-sem-cobranca');
    await openCheckout(page, code);
    const side = panel(page);
    const main = page.locator('.checkout__main');

    // Two panes: the panel is to the right of the sections, not under them.
    const [mainBox, sideBox] = [await main.boundingBox(), await side.boundingBox()];
    expect(sideBox && mainBox && sideBox.x >= mainBox.x + mainBox.width).toBe(true);
    await expectInView(side.getByRole('button', { name: 'Enviar resumo do pedido' }));
    await expectInView(side.getByText(/Para finalizar, falta:/));
    await shot(page, 'inicio');

    await pickUpAt(page);
    await shot(page, 'meio');

    // The last section scrolled into view: the panel has not moved out of the window.
    await section(page, 'Pagamento').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const finish = side.getByRole('button', { name: 'Receber pedido' });
    await expectInView(finish);
    await expectInView(side.getByRole('button', { name: 'Enviar resumo do pedido' }));
    await expectInView(side.getByRole('region', { name: 'Resumo' }).getByText('Total', { exact: true }));
    await shot(page, 'completo');
    await expectNoAxeViolations(page);

    // 'Cancelar pedido' is apart from the finish: below every other action, not its neighbour.
    const cancel = side.getByRole('button', { name: 'Cancelar pedido' });
    const flow = side.getByRole('button', { name: 'Enviar para fluxo semiautomático' });
    const [cancelBox, flowBox] = [await cancel.boundingBox(), await flow.boundingBox()];
    expect(cancelBox && flowBox && cancelBox.y > flowBox.y + flowBox.height).toBe(true);

    await side.getByRole('button', { name: 'Enviar resumo do pedido' }).click();
    await expect(page.getByText('Resumo do pedido enviado para o contato')).toBeVisible();
    await finish.click();
    await expect(page).toHaveURL(/\/finish$/);
    await expect(page.getByRole('heading', { name: 'Pedido finalizado' })).toBeVisible();
  });

  test('a shopper keeps the container with the summary beside the sections', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-shopper');
    await openCheckout(page, code);
    const [mainBox, sideBox] = [
      await page.locator('.checkout__main').boundingBox(),
      await panel(page).boundingBox(),
    ];
    expect(sideBox && mainBox && sideBox.x >= mainBox.x + mainBox.width).toBe(true);
    await expect(page.getByRole('button', { name: 'Enviar resumo do pedido' })).toHaveCount(0);
  });
});
