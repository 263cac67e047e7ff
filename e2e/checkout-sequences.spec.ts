import { expect, type Page, test } from '@playwright/test';
import {
  centsOf,
  expectRowsAddUp,
  openCheckout,
  openStep,
  section,
  summary,
} from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';

// Issue 20: a handful of random sequences of a shopper's choices in Chromium, on the real screen. The
// state-level model test (tests/checkout-model) runs hundreds; these check that the components do
// what that model assumes. After every step: the summary's rows add up to its total, the total is
// the server's, and an offered finish matches the order as the server holds it. A failure names the
// seed and the steps taken; the seeds are fixed so a run can be replayed.

const SEEDS = [20, 2011, 4242, 77_001];
const STEPS = 10;

/** mulberry32: a small seeded generator, so a sequence can be replayed from its seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

type Step = {
  name: string;
  /** The step of the checkout the shopper opens first on a phone (a folded one shows only a line). */
  within: 'Forma de entrega' | 'Pagamento';
  run(page: Page, pick: number): Promise<void>;
};

/** Picks the n-th enabled radio of a group, if the group is on the screen. */
async function pickRadio(page: Page, regionName: string, groupName: string, pick: number) {
  const group = section(page, regionName).getByRole('group', { name: groupName });
  if ((await group.count()) === 0) return;
  const radios = group.getByRole('radio');
  const count = await radios.count();
  if (count > 0) await radios.nth(pick % count).check();
}

const STEPS_A_SHOPPER_TAKES: Step[] = [
  {
    name: 'Entregamos para você',
    within: 'Forma de entrega',
    run: (page) => page.getByRole('radio', { name: 'Entregamos para você' }).check(),
  },
  {
    name: 'Retirada em loja',
    within: 'Forma de entrega',
    run: (page) => page.getByRole('radio', { name: 'Retirada em loja' }).check(),
  },
  {
    name: 'endereço',
    within: 'Forma de entrega',
    async run(page, pick) {
      const select = section(page, 'Entrega').getByRole('combobox', { name: /Endereço/ });
      if ((await select.count()) === 0) return;
      await select.selectOption({ index: 1 + (pick % ((await select.locator('option').count()) - 1)) });
    },
  },
  {
    name: 'opção de entrega',
    within: 'Forma de entrega',
    run: (page, pick) => pickRadio(page, 'Entrega', 'Opções de entrega', pick),
  },
  {
    name: 'CEP da retirada',
    within: 'Forma de entrega',
    async run(page, pick) {
      const pickUp = section(page, 'Retirada em loja');
      if ((await pickUp.count()) === 0) return;
      await pickUp
        .getByRole('textbox', { name: 'CEP' })
        .fill(['01310200', '05422001', '01001000'][pick % 3] ?? '');
      await pickUp.getByRole('button', { name: 'Buscar' }).click();
    },
  },
  {
    name: 'loja',
    within: 'Forma de entrega',
    run: (page, pick) => pickRadio(page, 'Retirada em loja', 'Lojas', pick),
  },
  {
    name: 'opção de retirada',
    within: 'Forma de entrega',
    run: (page, pick) => pickRadio(page, 'Retirada em loja', 'Opções de retirada', pick),
  },
  {
    name: 'forma de pagamento',
    within: 'Pagamento',
    async run(page, pick) {
      const select = section(page, 'Pagamento').getByRole('combobox', { name: 'Forma de pagamento' });
      const labels = ['PIX', 'Boleto', 'Cartão de Crédito'];
      await select.selectOption({ label: labels[pick % labels.length] ?? 'PIX' });
    },
  },
];

/** The screen has settled: no order change under way. */
async function settled(page: Page) {
  await expect(summary(page).getByRole('status')).toHaveText('');
  await expect(page.getByRole('button', { name: 'Atualizando pedido' })).toHaveCount(0);
}

test.describe('Random sequences on the checkout screen', () => {
  for (const seed of SEEDS) {
    test(`seed ${seed}: the summary adds up to the server's total and an offered finish matches the order`, async ({
      page,
      request,
    }) => {
      const random = generator(seed);
      const taken: string[] = [];
      const checkout = await openCheckout(page, await freshSession(request, 'demo-messenger'));

      for (let step = 0; step < STEPS; step += 1) {
        const action = STEPS_A_SHOPPER_TAKES[random(STEPS_A_SHOPPER_TAKES.length)];
        const pick = random(8);
        if (!action) continue;
        taken.push(`${action.name} (${pick})`);
        const context = `seed ${seed}, steps: ${taken.join(' → ')}`;
        await openStep(page, action.within);
        await action.run(page, pick);
        await settled(page);

        const total = (await expectRowsAddUp(page, context)).get('Total');
        const held = await checkout.serverOrder();
        expect(Math.round(held.totalAmout * 100), context).toBe(total);
        // The bar at the window's bottom (a phone) shows the same total.
        const barTotal = await page.locator('.checkout-footer__total strong').textContent();
        expect(centsOf(barTotal ?? ''), context).toBe(total);

        const finish = page.getByRole('button', { name: /^Finalizar e enviar/ });
        if ((await finish.count()) > 0) {
          await openStep(page, 'Forma de entrega');
          const pickUpShown = await page.getByRole('radio', { name: 'Retirada em loja' }).isChecked();
          expect(held.logistic.type === 0, context).toBe(pickUpShown);
          const region = pickUpShown ? 'Retirada em loja' : 'Entrega';
          const group = pickUpShown ? 'Opções de retirada' : 'Opções de entrega';
          const checked = section(page, region).getByRole('group', { name: group }).locator('input:checked');
          expect(await checked.getAttribute('value'), context).toBe(held.logistic.providerId);
        }
      }
    });
  }
});
