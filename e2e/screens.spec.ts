import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFresh } from './support/fresh-session.ts';

/** Every screen of the route table opens, shows its heading and passes axe. */
const screens: { path: string; heading: string | RegExp }[] = [
  { path: '/order', heading: 'Meu carrinho' },
  { path: '/order/checkout', heading: 'Finalizar pedido' },
  { path: '/order/payment', heading: 'Pagamento' },
  { path: '/finish', heading: 'Pedido finalizado' },
  { path: '/change-payment', heading: 'Aguardando alteração...' },
  { path: '/confirm', heading: 'Pedido confirmado, você pode fechar essa aba' },
  { path: '/recaptcha', heading: 'Teste de captcha' },
  { path: '/products-found', heading: 'Todos' },
];

for (const screen of screens) {
  test(`${screen.path} shows "${screen.heading}" on the shop's pages`, async ({ page }) => {
    await openFresh(page, 'demo-shopper', screen.path);
    await expect(page.getByRole('heading', { name: screen.heading })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logo da loja' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('the cart lists the seeded items with the totals the server computed', async ({ page }) => {
  await openFresh(page, 'demo-shopper', '/order');
  await expect(page.getByRole('heading', { name: 'Meu carrinho' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('Subtotal')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar ao catálogo' })).toBeVisible();
});

test('the finish page shows a toast that the order is finished', async ({ page }) => {
  await openFresh(page, 'demo-shopper', '/finish');
  await expect(page.getByText('Pedido finalizado, você pode fechar essa aba!')).toBeVisible();
});

test('the change-payment page warns that the tab can be closed', async ({ page }) => {
  await openFresh(page, 'demo-shopper', '/change-payment');
  await expect(page.getByText('Você pode fechar essa aba para alterar a forma de pagamento')).toBeVisible();
});

test('an unknown product goes to the not-found page', async ({ page }) => {
  await openFresh(page, 'demo-shopper', '/product/nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page).toHaveURL(/\/not-found$/);
  await expectNoAxeViolations(page);
});

test('the invalid-session page can be opened directly', async ({ page }) => {
  await page.goto('/invalid-session');
  await expect(page.getByRole('heading', { name: 'Sessão Inválida' })).toBeVisible();
  await expectNoAxeViolations(page);
});
