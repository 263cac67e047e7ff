import { expect, type Page } from '@playwright/test';
import { openStep } from './checkout-page.ts';
import { freshSession } from './fresh-session.ts';

// The shopper's way to the card page, as e2e/payment.spec.ts walks it: checkout, pick-up at the
// first store (or the one named), 'Cartão de Crédito', finish. On a fresh copy of the demo session;
// returns its code.
export async function goToCardPage(
  page: Page,
  from: string,
  { store }: { store?: RegExp } = {},
): Promise<string> {
  const code = await freshSession(page.request, from);
  await page.goto(`/order/checkout#${code}`);
  await openStep(page, 'Forma de entrega');
  await page.getByRole('radio', { name: 'Retirada em loja' }).check();
  const pickUp = page.getByRole('region', { name: 'Retirada em loja', exact: true });
  await pickUp.getByRole('textbox', { name: 'CEP' }).fill('01310200');
  await pickUp.getByRole('button', { name: 'Buscar' }).click();
  const stores = pickUp.getByRole('group', { name: 'Lojas' });
  await (store ? stores.getByRole('radio', { name: store }) : stores.getByRole('radio').first()).check();
  await pickUp.getByRole('group', { name: 'Opções de retirada' }).getByRole('radio').first().check();
  await openStep(page, 'Pagamento');
  await page
    .getByRole('region', { name: 'Pagamento', exact: true })
    .getByRole('combobox', { name: 'Forma de pagamento' })
    .selectOption({ label: 'Cartão de Crédito' });
  await page.getByRole('button', { name: 'Finalizar e enviar Cartão de Crédito' }).click();
  await expect(page).toHaveURL(/\/order\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeVisible();
  return code;
}

/** Types a card and its holder's billing data as a shopper does (the masked fields format as they go). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Número do cartão').fill(number);
  await page.getByLabel('Nome impresso no cartão').fill('BEATRIZ NOGUEIRA');
  await page.getByLabel('Validade').pressSequentially('1230');
  await expect(page.getByLabel('Validade')).toHaveValue('12/30');
  await page.getByLabel('Código de segurança').fill('123');
  const document = page.getByLabel(/^CPF/);
  await document.clear();
  await document.pressSequentially('52998224725');
  const cep = page.getByLabel('CEP');
  await cep.clear();
  await cep.pressSequentially('01310200');
  await page.getByLabel('Endereço', { exact: true }).fill('Avenida Paulista');
  await page.getByLabel('Número', { exact: true }).fill('900');
  await page.getByLabel('Bairro').fill('Bela Vista');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('Estado').fill('SP');
}

export const payByCard = (page: Page) => page.getByRole('button', { name: 'Finalizar pagamento' }).click();

/** The sandbox provider's test cards, by what it answers. */
export const TEST_CARDS = {
  approved: '4111111111111111',
  invalidData: '4000000000000002',
  limitExceeded: '4000000000009995',
  asksCaptcha: '4000000000000101',
  unknown: '4000000000000119',
} as const;

/** Google's script cannot load in e2e: serves the stand-in below in its place. */
export const serveRecaptchaStandIn = (page: Page) =>
  page.route('https://www.google.com/recaptcha/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_RECAPTCHA_SCRIPT }),
  );

/** The stand-in for Google's api.js: a button that solves the captcha (no network in e2e). */
export const FAKE_RECAPTCHA_SCRIPT = `(() => {
  const onload = new URL(document.currentScript.src).searchParams.get('onload');
  window.grecaptcha = {
    render(element, options) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Não sou um robô';
      button.onclick = () => options.callback('token-de-teste');
      element.appendChild(button);
      return 0;
    },
    reset() {},
    execute() {},
    getResponse() { return ''; },
  };
  // Like Google's api.js, the onload callback comes after the script has finished loading.
  setTimeout(() => { if (onload && window[onload]) window[onload](); }, 0);
})();`;
